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

/**
 * The drawings made for the demo products, one each (seed/images.ts draws them): a hammock shows a hammock,
 * not its category's tent.
 */
export type ProductDrawing =
  | 'notebook'
  | 'pen'
  | 'deskOrganizer'
  | 'laptopStand'
  | 'clapperboard'
  | 'musicNotes'
  | 'openBook'
  | 'sunglasses'
  | 'cap'
  | 'wallet'
  | 'soccerBall'
  | 'yogaMat'
  | 'sportsBottle'
  | 'resistanceBands'
  | 'carryOn'
  | 'travelPillow'
  | 'packingCubes'
  | 'dogBed'
  | 'catWand'
  | 'petBowls'
  | 'skincareKit'
  | 'diffuser'
  | 'toothbrush'
  | 'boardGame'
  | 'puzzlePiece'
  | 'playingCards'
  | 'tent'
  | 'flashlight'
  | 'hammock'
  | 'laptopBackpack'
  | 'gymBackpack'
  | 'antiTheftBackpack'
  | 'espressoCups'
  | 'deskLamp'
  | 'throwBlanket'
  | 'headphones'
  | 'powerBank'
  | 'speaker'
  | 'mouse'
  | 'thermos'
  | 'mug'
  | 'tumbler'
  | 'jersey'
  | 'hoodie'
  | 'scarf'
  | 'windbreaker';

/**
 * Categories of docs/architecture.md P9: the three sample ids first, then the profile categories; each
 * text in Spanish and English (docs/architecture.md A6.15).
 */
export const categoryData: { title: string; titleEn: string; slug: string; description: string; descriptionEn: string; icon: IconKind }[] =
  [
    {
      title: 'Oficina',
      titleEn: 'Office',
      slug: 'oficina',
      description: 'Todo para tu escritorio y tus reuniones.',
      descriptionEn: 'Everything for your desk and your meetings.',
      icon: 'notebook',
    },
    {
      title: 'Entretenimiento',
      titleEn: 'Entertainment',
      slug: 'entretenimiento',
      description: 'Experiencias, juegos y tarjetas de regalo para disfrutar.',
      descriptionEn: 'Experiences, games and gift cards to enjoy.',
      icon: 'ticket',
    },
    {
      title: 'Estilo de vida',
      titleEn: 'Lifestyle',
      slug: 'estilo-de-vida',
      description: 'Accesorios para el día a día con el sello de la marca.',
      descriptionEn: "Everyday accessories with the brand's signature touch.",
      icon: 'glasses',
    },
    {
      title: 'Deportes',
      titleEn: 'Sports',
      slug: 'deportes',
      description: 'Equipo para entrenar, correr y jugar en equipo.',
      descriptionEn: 'Gear to train, run and play as a team.',
      icon: 'ball',
    },
    {
      title: 'Viajes',
      titleEn: 'Travel',
      slug: 'viajes',
      description: 'Maletas, organizadores y accesorios de viaje.',
      descriptionEn: 'Luggage, organizers and travel accessories.',
      icon: 'suitcase',
    },
    {
      title: 'Mascotas',
      titleEn: 'Pets',
      slug: 'mascotas',
      description: 'Productos para consentir a tus mascotas.',
      descriptionEn: 'Treats for the pets in your life.',
      icon: 'paw',
    },
    {
      title: 'Cuidado personal',
      titleEn: 'Personal Care',
      slug: 'cuidado-personal',
      description: 'Bienestar y cuidado personal para cada día.',
      descriptionEn: 'Wellness and self-care for every day.',
      icon: 'bottle',
    },
    {
      title: 'Ocio',
      titleEn: 'Leisure',
      slug: 'ocio',
      description: 'Juegos de mesa, libros y pasatiempos.',
      descriptionEn: 'Board games, books and hobbies.',
      icon: 'controller',
    },
    {
      title: 'Aire libre',
      titleEn: 'Outdoors',
      slug: 'aire-libre',
      description: 'Para acampar, caminar y disfrutar del aire libre.',
      descriptionEn: 'For camping, hiking and enjoying the great outdoors.',
      icon: 'tent',
    },
    {
      title: 'Mochilas',
      titleEn: 'Backpacks',
      slug: 'mochilas',
      description: 'Mochilas para la oficina, el gimnasio y los viajes.',
      descriptionEn: 'Backpacks for the office, the gym and your trips.',
      icon: 'backpack',
    },
    {
      title: 'Hogar',
      titleEn: 'Home',
      slug: 'hogar',
      description: 'Detalles para tu casa y tu cocina.',
      descriptionEn: 'Little touches for your home and kitchen.',
      icon: 'house',
    },
    {
      title: 'Electrónica',
      titleEn: 'Electronics',
      slug: 'electronica',
      description: 'Audífonos, cargadores y accesorios tecnológicos.',
      descriptionEn: 'Headphones, chargers and tech accessories.',
      icon: 'screen',
    },
    {
      title: 'Termos y tazas',
      titleEn: 'Thermoses and Mugs',
      slug: 'termos-y-tazas',
      description: 'Termos, tazas y botellas para tu bebida favorita.',
      descriptionEn: 'Thermoses, mugs and bottles for your favorite drink.',
      icon: 'mug',
    },
    {
      title: 'Equipos',
      titleEn: 'Teams',
      slug: 'equipos',
      description: 'Ropa y artículos oficiales de los equipos de la empresa.',
      descriptionEn: "Official apparel and gear of the company's teams.",
      icon: 'shirt',
    },
  ];

/** A demo product: its category (by slug), its texts in Spanish and English, price, stock, and the drawing made for it. */
export interface DemoProduct {
  category: string;
  name: string;
  nameEn: string;
  description: string;
  descriptionEn: string;
  price: number;
  stock: number;
  featured?: boolean;
  drawing: ProductDrawing;
}

type P = [
  category: string,
  name: string,
  nameEn: string,
  description: string,
  descriptionEn: string,
  price: number,
  stock: number,
  drawing: ProductDrawing,
  featured?: boolean,
];

const products: P[] = [
  [
    'oficina',
    'Libreta ejecutiva',
    'Executive notebook',
    'Libreta de tapa dura con 192 hojas rayadas y cinta separadora.',
    'Hardcover notebook with 192 lined pages and a ribbon bookmark.',
    350,
    40,
    'notebook',
    true,
  ],
  [
    'oficina',
    'Bolígrafo metálico',
    'Metal pen',
    'Bolígrafo de metal con tinta azul de secado rápido.',
    'Metal ballpoint pen with quick-drying blue ink.',
    120,
    120,
    'pen',
  ],
  [
    'oficina',
    'Organizador de escritorio',
    'Desk organizer',
    'Organizador de bambú con compartimentos para lápices y notas.',
    'Bamboo organizer with compartments for pencils and notes.',
    480,
    25,
    'deskOrganizer',
  ],
  [
    'oficina',
    'Soporte para laptop',
    'Laptop stand',
    'Soporte de aluminio ajustable en seis alturas.',
    'Aluminum stand that adjusts to six heights.',
    1200,
    15,
    'laptopStand',
  ],
  [
    'entretenimiento',
    'Tarjeta de regalo de cine',
    'Movie gift card',
    'Dos entradas para cualquier función 2D en cines participantes.',
    'Two tickets for any 2D showing at participating theaters.',
    900,
    50,
    'clapperboard',
    true,
  ],
  [
    'entretenimiento',
    'Suscripción de música',
    'Music subscription',
    'Tres meses de música sin anuncios.',
    'Three months of ad-free music.',
    1500,
    30,
    'musicNotes',
  ],
  [
    'entretenimiento',
    'Tarjeta de regalo de libros',
    'Book gift card',
    'Saldo para libros físicos o electrónicos.',
    'Credit for printed books or e-books.',
    1000,
    35,
    'openBook',
  ],
  [
    'estilo-de-vida',
    'Lentes de sol polarizados',
    'Polarized sunglasses',
    'Lentes con protección UV400 y estuche rígido.',
    'Sunglasses with UV400 protection and a hard protective cover.',
    1400,
    20,
    'sunglasses',
  ],
  [
    'estilo-de-vida',
    'Gorra bordada',
    'Embroidered cap',
    'Gorra de algodón con el logo bordado.',
    'Cotton cap with an embroidered logo.',
    300,
    60,
    'cap',
  ],
  [
    'estilo-de-vida',
    'Cartera de piel',
    'Leather wallet',
    'Cartera delgada de piel con bloqueo RFID.',
    'Slim leather wallet with RFID blocking.',
    950,
    18,
    'wallet',
  ],
  [
    'deportes',
    'Balón de fútbol',
    'Soccer ball',
    'Balón cosido a máquina, tamaño 5.',
    'Machine-stitched ball, size 5.',
    600,
    30,
    'soccerBall',
    true,
  ],
  [
    'deportes',
    'Tapete de yoga',
    'Yoga mat',
    'Tapete antiderrapante de 6 mm con correa.',
    'Non-slip 6 mm mat with a carrying strap.',
    700,
    25,
    'yogaMat',
  ],
  ['deportes', 'Botella deportiva', 'Sports bottle', 'Botella de 750 ml libre de BPA.', 'BPA-free 750 ml bottle.', 250, 80, 'sportsBottle'],
  [
    'deportes',
    'Banda elástica de resistencia',
    'Resistance bands',
    'Juego de tres bandas de resistencia.',
    'A set of three resistance bands.',
    350,
    40,
    'resistanceBands',
  ],
  [
    'viajes',
    'Maleta de mano',
    'Carry-on suitcase',
    'Maleta rígida de cabina con ruedas 360°.',
    'Hard-shell cabin bag with 360° spinner wheels.',
    3500,
    8,
    'carryOn',
    true,
  ],
  [
    'viajes',
    'Almohada de viaje',
    'Travel pillow',
    'Almohada de espuma viscoelástica para el cuello.',
    'Memory foam neck pillow.',
    400,
    30,
    'travelPillow',
  ],
  [
    'viajes',
    'Organizador de viaje',
    'Packing cubes',
    'Set de cuatro bolsas organizadoras.',
    'A set of four packing organizers.',
    450,
    25,
    'packingCubes',
  ],
  [
    'mascotas',
    'Cama para perro',
    'Dog bed',
    'Cama acolchada lavable, talla mediana.',
    'Washable cushioned bed, medium size.',
    1100,
    12,
    'dogBed',
  ],
  [
    'mascotas',
    'Juguete para gato',
    'Cat wand toy',
    'Varita con plumas y cascabel.',
    'A feather wand with a little bell.',
    150,
    45,
    'catWand',
  ],
  [
    'mascotas',
    'Plato doble para mascota',
    'Double pet bowl',
    'Plato de acero inoxidable con base antiderrapante.',
    'Stainless steel bowls on a non-slip base.',
    320,
    30,
    'petBowls',
  ],
  [
    'cuidado-personal',
    'Kit de cuidado facial',
    'Skincare kit',
    'Limpiador, tónico e hidratante de viaje.',
    'Travel-size cleanser, toner and moisturizer.',
    800,
    20,
    'skincareKit',
  ],
  [
    'cuidado-personal',
    'Difusor de aromas',
    'Aroma diffuser',
    'Difusor ultrasónico con luz cálida.',
    'Ultrasonic diffuser with a warm glow.',
    950,
    15,
    'diffuser',
  ],
  [
    'cuidado-personal',
    'Cepillo de dientes eléctrico',
    'Electric toothbrush',
    'Cepillo recargable con dos cabezales.',
    'Rechargeable toothbrush with two brush heads.',
    1300,
    10,
    'toothbrush',
  ],
  [
    'ocio',
    'Juego de mesa clásico',
    'Classic board game',
    'Juego de estrategia para 2 a 6 jugadores.',
    'A strategy game for 2 to 6 players.',
    700,
    22,
    'boardGame',
  ],
  [
    'ocio',
    'Rompecabezas de 1000 piezas',
    '1,000-piece jigsaw puzzle',
    'Rompecabezas con ilustración de paisaje.',
    'A jigsaw puzzle with a landscape illustration.',
    380,
    28,
    'puzzlePiece',
  ],
  [
    'ocio',
    'Baraja de cartas premium',
    'Premium playing cards',
    'Baraja de plástico resistente al agua.',
    'A water-resistant plastic deck.',
    180,
    50,
    'playingCards',
  ],
  [
    'aire-libre',
    'Casa de campaña para dos',
    'Two-person tent',
    'Casa de campaña impermeable de montaje rápido.',
    'A waterproof tent that pitches in minutes.',
    2800,
    6,
    'tent',
  ],
  [
    'aire-libre',
    'Linterna recargable',
    'Rechargeable flashlight',
    'Linterna LED recargable por USB.',
    'LED flashlight that charges over USB.',
    420,
    35,
    'flashlight',
  ],
  [
    'aire-libre',
    'Hamaca portátil',
    'Portable hammock',
    'Hamaca de paracaídas con correas.',
    'Parachute-nylon hammock with tree straps.',
    900,
    14,
    'hammock',
  ],
  [
    'mochilas',
    'Mochila ejecutiva',
    'Executive backpack',
    'Mochila para laptop de 15 pulgadas con puerto USB.',
    'Backpack for 15-inch laptops, with a USB port.',
    1600,
    20,
    'laptopBackpack',
    true,
  ],
  [
    'mochilas',
    'Mochila deportiva',
    'Gym backpack',
    'Mochila ligera con compartimento para calzado.',
    'Lightweight backpack with a shoe compartment.',
    900,
    25,
    'gymBackpack',
  ],
  [
    'mochilas',
    'Mochila antirrobo',
    'Anti-theft backpack',
    'Mochila con cierres ocultos y tela anticorte.',
    'Backpack with concealed zippers and cut-resistant fabric.',
    1800,
    12,
    'antiTheftBackpack',
  ],
  [
    'hogar',
    'Juego de tazas para café',
    'Espresso cup set',
    'Cuatro tazas de cerámica para café espresso.',
    'Four ceramic espresso cups.',
    550,
    24,
    'espressoCups',
  ],
  [
    'hogar',
    'Lámpara de escritorio LED',
    'LED desk lamp',
    'Lámpara con tres tonos de luz y brazo flexible.',
    'A lamp with three light tones and a flexible arm.',
    850,
    16,
    'deskLamp',
  ],
  ['hogar', 'Manta de sofá', 'Sofa throw', 'Manta suave de 130 x 170 cm.', 'A soft 130 x 170 cm throw blanket.', 700, 20, 'throwBlanket'],
  [
    'electronica',
    'Audífonos inalámbricos',
    'Wireless headphones',
    'Audífonos Bluetooth con cancelación de ruido.',
    'Bluetooth headphones with noise cancelling.',
    2500,
    15,
    'headphones',
    true,
  ],
  [
    'electronica',
    'Cargador portátil',
    'Portable charger',
    'Batería externa de 10,000 mAh con USB-C.',
    '10,000 mAh power bank with USB-C.',
    700,
    40,
    'powerBank',
  ],
  [
    'electronica',
    'Bocina Bluetooth',
    'Bluetooth speaker',
    'Bocina resistente al agua con 12 horas de batería.',
    'Waterproof speaker with 12 hours of battery life.',
    1400,
    18,
    'speaker',
  ],
  ['electronica', 'Mouse inalámbrico', 'Wireless mouse', 'Mouse ergonómico silencioso.', 'A quiet, ergonomic mouse.', 450, 35, 'mouse'],
  [
    'termos-y-tazas',
    'Termo de acero',
    'Steel thermos',
    'Termo de 500 ml que conserva el calor 12 horas.',
    '500 ml thermos that keeps drinks hot for 12 hours.',
    500,
    45,
    'thermos',
    true,
  ],
  [
    'termos-y-tazas',
    'Taza de café de cerámica',
    'Ceramic coffee mug',
    'Taza de 350 ml con el logo de la empresa.',
    '350 ml mug with the company logo.',
    200,
    70,
    'mug',
  ],
  [
    'termos-y-tazas',
    'Vaso térmico con tapa',
    'Insulated tumbler with lid',
    'Vaso de 400 ml con tapa deslizable.',
    '400 ml tumbler with a sliding lid.',
    380,
    40,
    'tumbler',
  ],
  [
    'equipos',
    'Playera oficial del equipo',
    'Official team jersey',
    'Playera deportiva de secado rápido.',
    'A quick-dry sports jersey.',
    450,
    50,
    'jersey',
  ],
  [
    'equipos',
    'Sudadera con capucha',
    'Hooded sweatshirt',
    'Sudadera de algodón con el logo del equipo.',
    'Cotton hoodie with the team logo.',
    950,
    30,
    'hoodie',
  ],
  [
    'equipos',
    'Bufanda del equipo',
    'Team scarf',
    'Bufanda tejida con los colores del equipo.',
    'A knitted scarf in the team colors.',
    300,
    40,
    'scarf',
  ],
  [
    'equipos',
    'Chamarra rompevientos',
    'Windbreaker',
    'Chamarra ligera e impermeable.',
    'A light, waterproof jacket.',
    1500,
    15,
    'windbreaker',
  ],
];

/** The demo catalogue, in the order the first store gets it (the other offices carry the first 20). */
export const productData: DemoProduct[] = products.map(
  ([category, name, nameEn, description, descriptionEn, price, stock, drawing, featured]) => ({
    category,
    name,
    nameEn,
    description,
    descriptionEn,
    price,
    stock,
    drawing,
    featured,
  }),
);

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

/** Recognitions with the frequency limits of docs/architecture.md A6, in Spanish and English (A6.15). */
export const rewardData = [
  {
    code: 'collaboration',
    name: 'Colaboración',
    nameEn: 'Collaboration',
    description: 'Reconocimiento por colaborar con otros equipos.',
    descriptionEn: 'Recognition for working together with other teams.',
    points: 500,
    limit: 2,
    period: 'year',
  },
  {
    code: 'customer-voice',
    name: 'Voz del cliente',
    nameEn: 'Voice of the customer',
    description: 'Reconocimiento por una felicitación de un cliente.',
    descriptionEn: 'Recognition for praise from a customer.',
    points: 300,
    limit: 1,
    period: 'month',
  },
  {
    code: 'management-voice',
    name: 'Voz de la dirección',
    nameEn: 'Voice of management',
    description: 'Reconocimiento otorgado por la dirección.',
    descriptionEn: 'Recognition awarded by management.',
    points: 400,
    limit: 2,
    period: 'year',
  },
  {
    code: 'parents-day',
    name: 'Día de la madre o del padre',
    nameEn: "Mother's or Father's Day",
    description: 'Regalo de puntos por el día de la madre o del padre.',
    descriptionEn: "A gift of points for Mother's Day or Father's Day.",
    points: 200,
    limit: 1,
    period: 'year',
  },
  {
    code: 'biometric',
    name: 'Reto biométrico',
    nameEn: 'Biometric challenge',
    description: 'Puntos por completar el chequeo biométrico anual.',
    descriptionEn: 'Points for completing the yearly biometric check-up.',
    points: 250,
    limit: 1,
    period: 'year',
  },
  {
    code: 'class',
    name: 'Clase',
    nameEn: 'Class',
    description: 'Puntos por asistir a una clase de bienestar.',
    descriptionEn: 'Points for attending a wellness class.',
    points: 100,
    limit: 1,
    period: 'activity',
    activity: 'class',
  },
  {
    code: 'trivia',
    name: 'Trivia',
    nameEn: 'Trivia',
    description: 'Puntos por ganar una trivia.',
    descriptionEn: 'Points for winning a trivia game.',
    points: 50,
    limit: 1,
    period: 'activity',
    activity: 'trivia',
  },
  {
    code: 'webinar',
    name: 'Webinar',
    nameEn: 'Webinar',
    description: 'Puntos por asistir a un webinar.',
    descriptionEn: 'Points for attending a webinar.',
    points: 100,
    limit: 1,
    period: 'activity',
    activity: 'webinar',
  },
] as const;

export const areaData = [
  {
    name: 'Recursos Humanos',
    nameEn: 'Human Resources',
    description: 'Reconocimientos de cultura y colaboración.',
    descriptionEn: 'Recognitions for culture and collaboration.',
  },
  {
    name: 'Bienestar',
    nameEn: 'Well-being',
    description: 'Actividades de salud y bienestar.',
    descriptionEn: 'Health and well-being activities.',
  },
  {
    name: 'Comercial',
    nameEn: 'Sales',
    description: 'Reconocimientos por la voz del cliente.',
    descriptionEn: 'Recognitions that come from the voice of the customer.',
  },
];

/** The banners of every store: title in Spanish and English (A6.15), subtitle and drawings of the picture. */
export const bannerData: { title: string; titleEn: string; subtitle: string; subtitleEn: string; icons: IconKind[] }[] = [
  {
    title: 'Canjea tus puntos',
    titleEn: 'Redeem your points',
    subtitle: 'Nuevos productos cada mes',
    subtitleEn: 'New products every month',
    icons: ['mug', 'backpack', 'screen'],
  },
  {
    title: 'Reto sorpresa',
    titleEn: 'Surprise challenge',
    subtitle: 'Participa y gana puntos extra',
    subtitleEn: 'Take part and earn extra points',
    icons: ['ball', 'ticket', 'tent'],
  },
];
