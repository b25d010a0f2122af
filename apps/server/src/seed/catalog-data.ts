export type IconKind =
  | 'notebook'
  | 'ticket'
  | 'glasses'
  | 'ball'
  | 'suitcase'
  | 'paw'
  | 'bottle'
  | 'controller'
  | 'tent'
  | 'backpack'
  | 'house'
  | 'screen'
  | 'mug'
  | 'shirt';

/** Categories of docs/architecture.md P9: the three sample ids first, then the profile categories. */
export const categoryData: { title: string; slug: string; description: string; icon: IconKind }[] = [
  { title: 'Oficina', slug: 'oficina', description: 'Todo para tu escritorio y tus reuniones.', icon: 'notebook' },
  {
    title: 'Entretenimiento',
    slug: 'entretenimiento',
    description: 'Experiencias, juegos y tarjetas de regalo para disfrutar.',
    icon: 'ticket',
  },
  {
    title: 'Estilo de vida',
    slug: 'estilo-de-vida',
    description: 'Accesorios para el día a día con el sello de la marca.',
    icon: 'glasses',
  },
  { title: 'Deportes', slug: 'deportes', description: 'Equipo para entrenar, correr y jugar en equipo.', icon: 'ball' },
  { title: 'Viajes', slug: 'viajes', description: 'Maletas, organizadores y accesorios de viaje.', icon: 'suitcase' },
  { title: 'Mascotas', slug: 'mascotas', description: 'Productos para consentir a tus mascotas.', icon: 'paw' },
  { title: 'Cuidado personal', slug: 'cuidado-personal', description: 'Bienestar y cuidado personal para cada día.', icon: 'bottle' },
  { title: 'Ocio', slug: 'ocio', description: 'Juegos de mesa, libros y pasatiempos.', icon: 'controller' },
  { title: 'Aire libre', slug: 'aire-libre', description: 'Para acampar, caminar y disfrutar del aire libre.', icon: 'tent' },
  { title: 'Mochilas', slug: 'mochilas', description: 'Mochilas para la oficina, el gimnasio y los viajes.', icon: 'backpack' },
  { title: 'Hogar', slug: 'hogar', description: 'Detalles para tu casa y tu cocina.', icon: 'house' },
  { title: 'Electrónica', slug: 'electronica', description: 'Audífonos, cargadores y accesorios tecnológicos.', icon: 'screen' },
  { title: 'Termos y tazas', slug: 'termos-y-tazas', description: 'Termos, tazas y botellas para tu bebida favorita.', icon: 'mug' },
  { title: 'Equipos', slug: 'equipos', description: 'Ropa y artículos oficiales de los equipos de la empresa.', icon: 'shirt' },
];

type P = [category: string, name: string, description: string, price: number, stock: number, featured?: boolean];

export const productData: P[] = [
  ['oficina', 'Libreta ejecutiva', 'Libreta de tapa dura con 192 hojas rayadas y cinta separadora.', 350, 40, true],
  ['oficina', 'Bolígrafo metálico', 'Bolígrafo de metal con tinta azul de secado rápido.', 120, 120],
  ['oficina', 'Organizador de escritorio', 'Organizador de bambú con compartimentos para lápices y notas.', 480, 25],
  ['oficina', 'Soporte para laptop', 'Soporte de aluminio ajustable en seis alturas.', 1200, 15],
  ['entretenimiento', 'Tarjeta de regalo de cine', 'Dos entradas para cualquier función 2D en cines participantes.', 900, 50, true],
  ['entretenimiento', 'Suscripción de música', 'Tres meses de música sin anuncios.', 1500, 30],
  ['entretenimiento', 'Tarjeta de regalo de libros', 'Saldo para libros físicos o electrónicos.', 1000, 35],
  ['estilo-de-vida', 'Lentes de sol polarizados', 'Lentes con protección UV400 y estuche rígido.', 1400, 20],
  ['estilo-de-vida', 'Gorra bordada', 'Gorra de algodón con el logo bordado.', 300, 60],
  ['estilo-de-vida', 'Cartera de piel', 'Cartera delgada de piel con bloqueo RFID.', 950, 18],
  ['deportes', 'Balón de fútbol', 'Balón cosido a máquina, tamaño 5.', 600, 30, true],
  ['deportes', 'Tapete de yoga', 'Tapete antiderrapante de 6 mm con correa.', 700, 25],
  ['deportes', 'Botella deportiva', 'Botella de 750 ml libre de BPA.', 250, 80],
  ['deportes', 'Banda elástica de resistencia', 'Juego de tres bandas de resistencia.', 350, 40],
  ['viajes', 'Maleta de mano', 'Maleta rígida de cabina con ruedas 360°.', 3500, 8, true],
  ['viajes', 'Almohada de viaje', 'Almohada de espuma viscoelástica para el cuello.', 400, 30],
  ['viajes', 'Organizador de viaje', 'Set de cuatro bolsas organizadoras.', 450, 25],
  ['mascotas', 'Cama para perro', 'Cama acolchada lavable, talla mediana.', 1100, 12],
  ['mascotas', 'Juguete para gato', 'Varita con plumas y cascabel.', 150, 45],
  ['mascotas', 'Plato doble para mascota', 'Plato de acero inoxidable con base antiderrapante.', 320, 30],
  ['cuidado-personal', 'Kit de cuidado facial', 'Limpiador, tónico e hidratante de viaje.', 800, 20],
  ['cuidado-personal', 'Difusor de aromas', 'Difusor ultrasónico con luz cálida.', 950, 15],
  ['cuidado-personal', 'Cepillo de dientes eléctrico', 'Cepillo recargable con dos cabezales.', 1300, 10],
  ['ocio', 'Juego de mesa clásico', 'Juego de estrategia para 2 a 6 jugadores.', 700, 22],
  ['ocio', 'Rompecabezas de 1000 piezas', 'Rompecabezas con ilustración de paisaje.', 380, 28],
  ['ocio', 'Baraja de cartas premium', 'Baraja de plástico resistente al agua.', 180, 50],
  ['aire-libre', 'Casa de campaña para dos', 'Casa de campaña impermeable de montaje rápido.', 2800, 6],
  ['aire-libre', 'Linterna recargable', 'Linterna LED recargable por USB.', 420, 35],
  ['aire-libre', 'Hamaca portátil', 'Hamaca de paracaídas con correas.', 900, 14],
  ['mochilas', 'Mochila ejecutiva', 'Mochila para laptop de 15 pulgadas con puerto USB.', 1600, 20, true],
  ['mochilas', 'Mochila deportiva', 'Mochila ligera con compartimento para calzado.', 900, 25],
  ['mochilas', 'Mochila antirrobo', 'Mochila con cierres ocultos y tela anticorte.', 1800, 12],
  ['hogar', 'Juego de tazas para café', 'Cuatro tazas de cerámica para café espresso.', 550, 24],
  ['hogar', 'Lámpara de escritorio LED', 'Lámpara con tres tonos de luz y brazo flexible.', 850, 16],
  ['hogar', 'Manta de sofá', 'Manta suave de 130 x 170 cm.', 700, 20],
  ['electronica', 'Audífonos inalámbricos', 'Audífonos Bluetooth con cancelación de ruido.', 2500, 15, true],
  ['electronica', 'Cargador portátil', 'Batería externa de 10,000 mAh con USB-C.', 700, 40],
  ['electronica', 'Bocina Bluetooth', 'Bocina resistente al agua con 12 horas de batería.', 1400, 18],
  ['electronica', 'Mouse inalámbrico', 'Mouse ergonómico silencioso.', 450, 35],
  ['termos-y-tazas', 'Termo de acero', 'Termo de 500 ml que conserva el calor 12 horas.', 500, 45, true],
  ['termos-y-tazas', 'Taza de café de cerámica', 'Taza de 350 ml con el logo de la empresa.', 200, 70],
  ['termos-y-tazas', 'Vaso térmico con tapa', 'Vaso de 400 ml con tapa deslizable.', 380, 40],
  ['equipos', 'Playera oficial del equipo', 'Playera deportiva de secado rápido.', 450, 50],
  ['equipos', 'Sudadera con capucha', 'Sudadera de algodón con el logo del equipo.', 950, 30],
  ['equipos', 'Bufanda del equipo', 'Bufanda tejida con los colores del equipo.', 300, 40],
  ['equipos', 'Chamarra rompevientos', 'Chamarra ligera e impermeable.', 1500, 15],
];

export const storeData = [
  {
    title: 'Oficina Ciudad de México',
    location: 'Paseo de la Reforma 250, Ciudad de México',
    lat: 19.4326,
    long: -99.1332,
    sedeId: 'CDMX',
    inventoryId: 'INV-CDMX',
  },
  {
    title: 'Oficina Guadalajara',
    location: 'Av. Vallarta 6503, Zapopan, Jalisco',
    lat: 20.6736,
    long: -103.4054,
    sedeId: 'GDL',
    inventoryId: 'INV-GDL',
  },
  {
    title: 'Oficina Monterrey',
    location: 'Av. Constitución 2050, Monterrey, Nuevo León',
    lat: 25.6714,
    long: -100.309,
    sedeId: 'MTY',
    inventoryId: 'INV-MTY',
  },
];

/** Recognitions with the frequency limits of docs/architecture.md A6. */
export const rewardData = [
  {
    code: 'collaboration',
    name: 'Colaboración',
    description: 'Reconocimiento por colaborar con otros equipos.',
    points: 500,
    limit: 2,
    period: 'year',
  },
  {
    code: 'customer-voice',
    name: 'Voz del cliente',
    description: 'Reconocimiento por una felicitación de un cliente.',
    points: 300,
    limit: 1,
    period: 'month',
  },
  {
    code: 'management-voice',
    name: 'Voz de la dirección',
    description: 'Reconocimiento otorgado por la dirección.',
    points: 400,
    limit: 2,
    period: 'year',
  },
  {
    code: 'parents-day',
    name: 'Día de la madre o del padre',
    description: 'Regalo de puntos por el día de la madre o del padre.',
    points: 200,
    limit: 1,
    period: 'year',
  },
  {
    code: 'biometric',
    name: 'Reto biométrico',
    description: 'Puntos por completar el chequeo biométrico anual.',
    points: 250,
    limit: 1,
    period: 'year',
  },
  {
    code: 'class',
    name: 'Clase',
    description: 'Puntos por asistir a una clase de bienestar.',
    points: 100,
    limit: 1,
    period: 'activity',
    activity: 'class',
  },
  {
    code: 'trivia',
    name: 'Trivia',
    description: 'Puntos por ganar una trivia.',
    points: 50,
    limit: 1,
    period: 'activity',
    activity: 'trivia',
  },
  {
    code: 'webinar',
    name: 'Webinar',
    description: 'Puntos por asistir a un webinar.',
    points: 100,
    limit: 1,
    period: 'activity',
    activity: 'webinar',
  },
] as const;

export const areaData = [
  { name: 'Recursos Humanos', description: 'Reconocimientos de cultura y colaboración.' },
  { name: 'Bienestar', description: 'Actividades de salud y bienestar.' },
  { name: 'Comercial', description: 'Reconocimientos por la voz del cliente.' },
];
