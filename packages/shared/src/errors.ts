/**
 * Stable error codes of the API (docs/architecture.md A4) with their messages in both languages.
 * The server answers with the message of the request's language; the web shows the same text by code.
 */
export const errorMessages = {
  VALIDATION_FAILED: {
    en: 'Some fields are not valid',
    es: 'Algunos campos no son válidos',
  },
  INVALID_COORDINATES: {
    en: 'The position is not valid: latitude goes from -90 to 90 and longitude from -180 to 180',
    es: 'La posición no es válida: la latitud va de -90 a 90 y la longitud de -180 a 180',
  },
  UNAUTHENTICATED: {
    en: 'Please sign in to continue',
    es: 'Inicia sesión para continuar',
  },
  SESSION_EXPIRED: {
    en: 'Your session has expired, please sign in again',
    es: 'Tu sesión ha expirado, inicia sesión de nuevo',
  },
  INVALID_TOKEN: {
    en: 'The access token is invalid or expired',
    es: 'El token de acceso no es válido o ha caducado',
  },
  FORBIDDEN: {
    en: 'You do not have permission to do this',
    es: 'No tienes permiso para hacer esto',
  },
  FORBIDDEN_STORE: {
    en: 'You do not administer this store',
    es: 'No administras esta tienda',
  },
  ADMIN_POINTS_SUPER_ONLY: {
    en: 'Only a super administrator can change the points of an administrator',
    es: 'Solo un superadministrador puede modificar los puntos de un administrador',
  },
  ADMIN_USERS_SUPER_ONLY: {
    en: 'Only a super administrator can activate or deactivate an administrator or a super administrator',
    es: 'Solo un superadministrador puede activar o desactivar a un administrador o a un superadministrador',
  },
  CANNOT_DEACTIVATE_SELF: {
    en: 'You cannot deactivate your own account',
    es: 'No puedes desactivar tu propia cuenta',
  },
  ORIGIN_MISMATCH: {
    en: 'The request did not come from this site',
    es: 'La solicitud no proviene de este sitio',
  },
  NOT_FOUND: { en: 'Not found', es: 'No encontrado' },
  ROUTE_NOT_FOUND: {
    en: 'This address does not exist in the API',
    es: 'Esta dirección no existe en la API',
  },
  CONFLICT: {
    en: 'The data changed in the meantime, please try again',
    es: 'Los datos cambiaron mientras tanto, inténtalo de nuevo',
  },
  ALREADY_ACTIVE: {
    en: 'There is already an active record',
    es: 'Ya existe un registro activo',
  },
  CHALLENGE_ALREADY_ANSWERED: {
    en: 'You have already answered this challenge',
    es: 'Ya respondiste este reto',
  },
  CHALLENGE_NOT_OPEN: {
    en: 'This challenge is not open for answers',
    es: 'Este reto no está abierto para respuestas',
  },
  CHALLENGE_OTHER_STORE: {
    en: 'The challenge belongs to another store',
    es: 'El reto pertenece a otra tienda',
  },
  CHALLENGE_ENDED: {
    en: 'This challenge has already ended: change its dates before activating it',
    es: 'Este reto ya terminó: cambia sus fechas antes de activarlo',
  },
  CHALLENGE_HAS_PARTICIPANTS: {
    en: 'People have already answered this challenge: it can no longer be edited or deleted, deactivate it instead',
    es: 'Ya hay personas que respondieron este reto: ya no se puede editar ni eliminar, desactívalo',
  },
  CHALLENGE_ALREADY_AWARDED: {
    en: 'The winners of this challenge have already received their points',
    es: 'Los ganadores de este reto ya recibieron sus puntos',
  },
  CHALLENGE_NO_WINNERS: {
    en: 'Nobody can win this challenge yet: no participant answered every question correctly',
    es: 'Nadie puede ganar este reto todavía: ningún participante respondió bien todas las preguntas',
  },
  CHALLENGE_NOT_PARTICIPANT: {
    en: 'Only people who answered the challenge can win it',
    es: 'Solo pueden ganar las personas que respondieron el reto',
  },
  INVALID_STATUS_MOVE: {
    en: 'The order cannot move to that status from its current one',
    es: 'El pedido no puede pasar a ese estado desde el actual',
  },
  CART_EMPTY: {
    en: 'Your cart is empty',
    es: 'Tu carrito está vacío',
  },
  CATEGORY_NOT_EMPTY: {
    en: 'This category has products: deactivate it, or move or delete its products first',
    es: 'Esta categoría tiene productos: desactívala, o mueve o elimina sus productos primero',
  },
  PRODUCT_HAS_ORDERS: {
    en: 'This product appears in orders and cannot be deleted: deactivate it instead',
    es: 'Este producto aparece en pedidos y no se puede eliminar: desactívalo',
  },
  STORE_IN_USE: {
    en: 'This store has users, products, categories or orders and cannot be deleted: deactivate it instead',
    es: 'Esta tienda tiene usuarios, productos, categorías o pedidos y no se puede eliminar: desactívala',
  },
  LEDGER_APPEND_ONLY: {
    en: 'Stock movements are permanent: record an adjustment instead',
    es: 'Los movimientos de inventario son permanentes: registra un ajuste',
  },
  CATEGORY_OTHER_STORE: {
    en: 'The category belongs to another store',
    es: 'La categoría pertenece a otra tienda',
  },
  AREA_NOT_EMPTY: {
    en: 'This area has recognitions: move them to another area or delete them first, or deactivate the area',
    es: 'Esta área tiene reconocimientos: muévelos a otra área o elimínalos primero, o desactiva el área',
  },
  AREA_OTHER_STORE: {
    en: 'The area belongs to another store',
    es: 'El área pertenece a otra tienda',
  },
  REWARD_IN_USE: {
    en: 'This recognition has been used in point loads and cannot be deleted: deactivate it instead',
    es: 'Este reconocimiento se ha usado en cargas de puntos y no se puede eliminar: desactívalo',
  },
  REWARD_CODE_TAKEN: {
    en: 'Another recognition of this store already uses this code',
    es: 'Otro reconocimiento de esta tienda ya usa este código',
  },
  SEDE_ID_TAKEN: {
    en: 'Another store already has this site code',
    es: 'Otra tienda ya tiene este código de sede',
  },
  IS_TAKEN: {
    en: 'Another user already has this IS (employee id)',
    es: 'Otro usuario ya tiene este IS (número de empleado)',
  },
  PICTURE_REQUIRED: {
    en: 'Add at least one picture',
    es: 'Agrega al menos una imagen',
  },
  ALREADY_IN_CART: {
    en: 'the product is already in the cart',
    es: 'el producto ya está en el carrito',
  },
  OUT_OF_STOCK: { en: 'not enough stock', es: 'no hay stock suficiente' },
  NOT_ENOUGH_POINTS: {
    en: 'You do not have enough points to make this purchase',
    es: 'No tienes suficientes puntos para realizar esta compra',
  },
  ADJUSTMENT_BELOW_ZERO: {
    en: 'This adjustment would leave {{name}} with a negative balance (current balance {{balance}})',
    es: 'Este ajuste dejaría a {{name}} con un saldo negativo (saldo actual {{balance}})',
  },
  CUSTOMER_NOT_ENOUGH_POINTS: {
    en: '{{name}} does not have enough points for this change: it takes {{total}} more points and the current balance is {{balance}}',
    es: '{{name}} no tiene puntos suficientes para este cambio: requiere {{total}} puntos más y su saldo actual es de {{balance}}',
  },
  STOCK_BELOW_ZERO: {
    en: 'This change would leave {{name}} with negative stock (current stock {{stock}})',
    es: 'Este cambio dejaría a {{name}} con stock negativo (stock actual {{stock}})',
  },
  PRODUCT_OTHER_STORE: {
    en: 'The product belongs to another store: an order takes only products of its own store',
    es: 'El producto pertenece a otra tienda: un pedido solo lleva productos de su tienda',
  },
  AMOUNT_TOO_LARGE: {
    en: 'The amount is too large',
    es: 'La cantidad es demasiado grande',
  },
  IDEMPOTENCY_KEY_REUSED: {
    en: 'This Idempotency-Key was already used for a different request',
    es: 'Esta Idempotency-Key ya se usó para una solicitud diferente',
  },
  ORDER_NOT_PENDING: {
    en: 'Products can only be added to a pending order',
    es: 'Solo se pueden agregar productos a un pedido pendiente',
  },
  ORDER_NOT_CANCELED: {
    en: 'Only a canceled order can be deleted: cancel it first (its points and stock are returned)',
    es: 'Solo se puede eliminar un pedido cancelado: cancélalo primero (se devuelven sus puntos y su stock)',
  },
  ORDER_NOT_EDITABLE: {
    en: 'A delivered or canceled order can no longer be edited',
    es: 'Un pedido entregado o cancelado ya no se puede modificar',
  },
  STATUS_MISMATCH: {
    en: 'status of the products must match the order status',
    es: 'el estado de los productos debe coincidir con el estado del pedido',
  },
  NOT_AVAILABLE_IN_STORE: {
    en: 'The product you are looking for is not available in your store',
    es: 'El producto que buscas no está disponible en tu tienda',
  },
  USER_INACTIVE: {
    en: 'This user is inactive. Please verify that your IS is correct and update it if necessary',
    es: 'Este usuario está inactivo. Verifica que tu IS sea correcto y actualízalo si es necesario',
  },
  SIGN_IN_FAILED: {
    en: 'Sign-in could not be completed, please try again',
    es: 'No se pudo completar el inicio de sesión, inténtalo de nuevo',
  },
  REDEMPTION_CLOSED: {
    en: 'Orders are closed for this program year',
    es: 'Los canjes están cerrados en este año del programa',
  },
  ACCRUAL_CLOSED: {
    en: 'Points cannot be credited outside the accrual period',
    es: 'No se pueden acreditar puntos fuera del periodo de acumulación',
  },
  REWARD_OTHER_STORE: {
    en: 'The recognition belongs to another store',
    es: 'El reconocimiento pertenece a otra tienda',
  },
  REWARD_INACTIVE: {
    en: 'This recognition is deactivated: activate it or choose another one',
    es: 'Este reconocimiento está desactivado: actívalo o elige otro',
  },
  LOAD_TOO_MANY_EMAILS: {
    en: 'A load can have at most 100,000 e-mails: split the list into several loads',
    es: 'Una carga admite como máximo 100,000 correos: divide la lista en varias cargas',
  },
  LOAD_ACTIVITY_REQUIRED: {
    en: 'This recognition is given once per activity: give the title and the date of the activity',
    es: 'Este reconocimiento se otorga una vez por actividad: indica el título y la fecha de la actividad',
  },
  LOAD_ACTIVITY_UNEXPECTED: {
    en: 'This recognition is not given per activity: leave the activity out',
    es: 'Este reconocimiento no se otorga por actividad: no indiques una actividad',
  },
  LOAD_ACTIVITY_DATE: {
    en: 'The date of the activity must be in the current program year and not after today',
    es: 'La fecha de la actividad debe estar en el año del programa en curso y no ser posterior a hoy',
  },
  LOAD_NOTHING_TO_CREDIT: {
    en: 'None of the e-mails can receive points: review the list again',
    es: 'Ninguno de los correos puede recibir puntos: revisa la lista de nuevo',
  },
  LOAD_FILE_UNREADABLE: {
    en: 'The file could not be read as CSV or Excel (.xlsx): check that it is not damaged',
    es: 'No se pudo leer el archivo como CSV o Excel (.xlsx): verifica que no esté dañado',
  },
  LOAD_FILE_UNSUPPORTED: {
    en: 'This type of file is not supported: save it as CSV or Excel (.xlsx)',
    es: 'Este tipo de archivo no es compatible: guárdalo como CSV o Excel (.xlsx)',
  },
  LOAD_FILE_TOO_LARGE: {
    en: 'The file is too large: at most 10 MB, and at most 50 MB once an Excel file is unpacked',
    es: 'El archivo es demasiado grande: como máximo 10 MB, y 50 MB una vez descomprimido un Excel',
  },
  LOAD_FILE_EMPTY: {
    en: 'The file has no e-mails',
    es: 'El archivo no tiene correos',
  },
  LOAD_FILE_NO_EMAIL_COLUMN: {
    en: 'No column of e-mails was found in the first {{rows}} rows of the file: head it “Correo” or “Email”, or check that its cells hold e-mails',
    es: 'No se encontró una columna de correos en las primeras {{rows}} filas del archivo: ponle el encabezado «Correo» o «Email», o revisa que sus celdas tengan correos',
  },
  DATES_FILE_NO_EMAIL_COLUMN: {
    en: 'No header of an e-mail column was found in the first {{rows}} rows of the file: head the columns “Email”, “Birthday” and “Hire date” (or “Correo”, “Cumpleaños” and “Fecha de ingreso”)',
    es: 'No se encontró el encabezado de una columna de correos en las primeras {{rows}} filas del archivo: encabeza las columnas «Correo», «Cumpleaños» y «Fecha de ingreso» (o «Email», «Birthday» y «Hire date»)',
  },
  DATES_FILE_NO_DATE_COLUMN: {
    en: 'The file has a column of e-mails but none of birthdays or hire dates: head them “Birthday” or “Hire date” (or “Cumpleaños” or “Fecha de ingreso”)',
    es: 'El archivo tiene una columna de correos pero ninguna de cumpleaños ni de fechas de ingreso: encabézalas «Cumpleaños» o «Fecha de ingreso» (o «Birthday» o «Hire date»)',
  },
  DIRECTORY_FILE_NO_COLUMNS: {
    en: 'No header of a list of people was found in the first {{rows}} rows of the file: head the columns “Email” and “Name” or “Office” (or “Correo” and “Nombre” or “Oficina”)',
    es: 'No se encontró el encabezado de una lista de personas en las primeras {{rows}} filas del archivo: encabeza las columnas «Correo» y «Nombre» u «Oficina» (o «Email» y «Name» u «Office»)',
  },
  NOTHING_TO_CHANGE: {
    en: 'The request changes nothing: send at least one field',
    es: 'La solicitud no cambia nada: envía al menos un campo',
  },
  WEBHOOK_URL_NOT_HTTPS: {
    en: 'A webhook address must start with https:// (plain http only to this machine, and never in production)',
    es: 'La dirección de un webhook debe empezar por https:// (http solo hacia esta misma máquina, y nunca en producción)',
  },
  WEBHOOK_URL_PRIVATE: {
    en: 'A webhook cannot be sent to a private or internal network address',
    es: 'Un webhook no se puede enviar a una dirección de una red privada o interna',
  },
  HIRE_DATE_OUT_OF_RANGE: {
    en: 'The hire date must be from {{min}} to {{max}} (at most a year from today)',
    es: 'La fecha de ingreso debe estar entre el {{min}} y el {{max}} (como mucho un año después de hoy)',
  },
  PAYLOAD_TOO_LARGE: {
    en: 'The file or request is too large',
    es: 'El archivo o la solicitud es demasiado grande',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    en: 'This type of content is not supported',
    es: 'Este tipo de contenido no es compatible',
  },
  INVALID_IMAGE: {
    en: 'The file is not a valid image (JPEG, PNG, WebP, GIF or AVIF)',
    es: 'El archivo no es una imagen válida (JPEG, PNG, WebP, GIF o AVIF)',
  },
  BUSINESS_RULE: {
    en: 'This action is not allowed',
    es: 'Esta acción no está permitida',
  },
  RATE_LIMITED: {
    en: 'Too many requests, please wait a moment',
    es: 'Demasiadas solicitudes, espera un momento',
  },
  DATABASE_UNAVAILABLE: {
    en: 'The database is not available right now',
    es: 'La base de datos no está disponible en este momento',
  },
  MALFORMED_REQUEST: {
    en: 'The request could not be read',
    es: 'No se pudo leer la solicitud',
  },
  URI_TOO_LONG: {
    en: 'The address is too long',
    es: 'La dirección es demasiado larga',
  },
  HEADERS_TOO_LARGE: {
    en: 'The request headers are too large',
    es: 'Los encabezados de la solicitud son demasiado grandes',
  },
  REQUEST_TIMEOUT: {
    en: 'The request took too long to arrive',
    es: 'La solicitud tardó demasiado en llegar',
  },
  UPLOADS_FULL: {
    en: 'There is no room left to store files: ask the administrator of the server to free space, then try again',
    es: 'No queda espacio para guardar archivos: pide al administrador del servidor que libere espacio e inténtalo de nuevo',
  },
  SERVICE_UNAVAILABLE: {
    en: 'The service is not available right now, please try again in a moment',
    es: 'El servicio no está disponible en este momento, inténtalo de nuevo en un momento',
  },
  NOT_READY: {
    en: 'This instance is not ready to serve: a check failed (details.failed)',
    es: 'Esta instancia no está lista para atender: falló una comprobación (details.failed)',
  },
  IDENTITY_PROVIDER_UNAVAILABLE: {
    en: 'The sign-in service of your company is not answering right now, please try again in a few minutes',
    es: 'El servicio de inicio de sesión de tu empresa no responde en este momento, inténtalo de nuevo en unos minutos',
  },
  TEAMS_UNAVAILABLE: {
    en: 'Microsoft Teams is not available in this installation: choose e-mail',
    es: 'Microsoft Teams no está disponible en esta instalación: elige el correo',
  },
  GIVE_TO_SELF: {
    en: 'You cannot recognize yourself: choose colleagues',
    es: 'No puedes reconocerte a ti mismo: elige a tus compañeros',
  },
  RECIPIENT_INACTIVE: {
    en: 'One of the people you chose is not active in the program',
    es: 'Una de las personas que elegiste no está activa en el programa',
  },
  ALLOWANCE_EXCEEDED: {
    en: 'This is more than you have left to give this period ({{remaining}} points)',
    es: 'Esto supera lo que te queda por dar en este periodo ({{remaining}} puntos)',
  },
  GIVE_SHARE_CAP: {
    en: 'You can give one person at most {{max}} points per period',
    es: 'Puedes dar a una misma persona como máximo {{max}} puntos por periodo',
  },
  MESSAGE_TOO_SHORT: {
    en: 'Write a message of at least {{min}} characters',
    es: 'Escribe un mensaje de al menos {{min}} caracteres',
  },
  VALUE_REQUIRED: {
    en: 'Choose at least one company value',
    es: 'Elige al menos un valor de la empresa',
  },
  VALUE_UNKNOWN: {
    en: 'One of the values you chose is not an active value of your office',
    es: 'Uno de los valores que elegiste no es un valor activo de tu oficina',
  },
  VALUE_IN_USE: {
    en: 'Recognitions already name this value: it cannot be deleted, deactivate it instead',
    es: 'Hay reconocimientos que ya nombran este valor: no se puede eliminar, desactívalo',
  },
  ADDON_OWN_RECOGNITION: {
    en: 'You cannot add points to a recognition you gave or received',
    es: 'No puedes añadir puntos a un reconocimiento que diste o recibiste',
  },
  MANAGER_CYCLE: {
    en: 'This person cannot be their own manager, directly or through others',
    es: 'Esta persona no puede ser su propio responsable, ni directamente ni a través de otros',
  },
  // Celebrations: the feed and the stores' administration (docs/architecture.md A6.17).
  CELEBRATION_NO_ADDON: {
    en: 'Points cannot be added to a celebration: recognize the person with points of your own instead',
    es: 'No se pueden añadir puntos a una celebración: reconoce a la persona con tus propios puntos',
  },
  CELEBRATION_BUDGET_INVALID: {
    en: 'Celebrations can only be paid from an open store budget of this same store',
    es: 'Las celebraciones solo pueden pagarse con un presupuesto de tienda abierto de esta misma tienda',
  },
  // Budgets, company-funded awards and approvals (docs/architecture.md A6.19).
  BUDGET_EXCEEDED: {
    en: 'The budget cannot cover this ({{available}} points available)',
    es: 'El presupuesto no alcanza para esto ({{available}} puntos disponibles)',
  },
  BUDGET_CLOSED: {
    en: 'This budget is closed',
    es: 'Este presupuesto está cerrado',
  },
  RECIPIENT_OUT_OF_SCOPE: {
    en: 'One of the people you chose is outside the budget’s scope',
    es: 'Una de las personas que elegiste está fuera del alcance del presupuesto',
  },
  APPROVAL_DECIDED: {
    en: 'This approval was already decided or passed to someone else',
    es: 'Esta aprobación ya se decidió o pasó a otra persona',
  },
  AWARD_NOT_WAITING: {
    en: 'This award is no longer waiting for approval',
    es: 'Este premio ya no está pendiente de aprobación',
  },
  APPROVAL_LINK_EXPIRED: {
    en: 'This approval link has expired: open your pending approvals instead',
    es: 'Este enlace de aprobación caducó: abre tus aprobaciones pendientes',
  },
  INTERNAL_ERROR: {
    en: 'Something went wrong on our side, please try again',
    es: 'Algo salió mal de nuestro lado, inténtalo de nuevo',
  },
} as const satisfies Record<string, { en: string; es: string }>;

export type ErrorCode = keyof typeof errorMessages;
export const errorCodes = /* @__PURE__ */ Object.keys(errorMessages) as ErrorCode[];

/**
 * A message with its `{{name}}` placeholders filled from the error's details (numbers grouped the way the
 * language writes them). Messages addressed to an administrator name the person or product and the figure
 * the refusal is about; whoever throws such a code gives those details. Answers undefined when a
 * placeholder has no value, so the caller can fall back to a text it has.
 */
export function fillErrorMessage(text: string, details: unknown, lang: 'es' | 'en'): string | undefined {
  if (!text.includes('{{')) return text;
  const values = details !== null && typeof details === 'object' ? (details as Record<string, unknown>) : {};
  let missing = false;
  const filled = text.replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => {
    const value = values[name];
    if (typeof value === 'number') return new Intl.NumberFormat(lang === 'es' ? 'es-MX' : 'en-US').format(value);
    if (typeof value === 'string' && value !== '') return value;
    missing = true;
    return '';
  });
  return missing ? undefined : filled;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  // Own keys only: `constructor` or `toString` are not codes.
  return typeof value === 'string' && Object.hasOwn(errorMessages, value);
}

/**
 * The one HTTP status of each code, decided here (docs/architecture.md A4): 400 the request is malformed,
 * 401 who is asking is unknown or no longer allowed in, 403 they may not do this, 404 it does not exist,
 * 409 it clashes with the current state, 413/414/415/431 size and type, 422 a business rule refuses it,
 * 429 too often, 5xx our side or a peer's.
 */
export const errorStatus = {
  VALIDATION_FAILED: 400,
  MALFORMED_REQUEST: 400,
  PICTURE_REQUIRED: 400,
  NOTHING_TO_CHANGE: 400,
  INVALID_COORDINATES: 400,
  UNAUTHENTICATED: 401,
  SESSION_EXPIRED: 401,
  INVALID_TOKEN: 401,
  USER_INACTIVE: 401,
  SIGN_IN_FAILED: 401,
  FORBIDDEN: 403,
  FORBIDDEN_STORE: 403,
  ADMIN_POINTS_SUPER_ONLY: 403,
  ADMIN_USERS_SUPER_ONLY: 403,
  ORIGIN_MISMATCH: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  ALREADY_ACTIVE: 409,
  ALREADY_IN_CART: 409,
  CHALLENGE_ALREADY_ANSWERED: 409,
  CHALLENGE_HAS_PARTICIPANTS: 409,
  CHALLENGE_ALREADY_AWARDED: 409,
  INVALID_STATUS_MOVE: 409,
  CATEGORY_NOT_EMPTY: 409,
  PRODUCT_HAS_ORDERS: 409,
  STORE_IN_USE: 409,
  LEDGER_APPEND_ONLY: 409,
  AREA_NOT_EMPTY: 409,
  REWARD_IN_USE: 409,
  VALUE_IN_USE: 409,
  BUDGET_EXCEEDED: 409,
  APPROVAL_DECIDED: 409,
  AWARD_NOT_WAITING: 409,
  REWARD_CODE_TAKEN: 409,
  SEDE_ID_TAKEN: 409,
  IS_TAKEN: 409,
  ORDER_NOT_PENDING: 409,
  ORDER_NOT_CANCELED: 409,
  ORDER_NOT_EDITABLE: 409,
  STATUS_MISMATCH: 409,
  LOAD_FILE_TOO_LARGE: 413,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  LOAD_FILE_UNSUPPORTED: 415,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INVALID_IMAGE: 415,
  CANNOT_DEACTIVATE_SELF: 422,
  CHALLENGE_NOT_OPEN: 422,
  CHALLENGE_OTHER_STORE: 422,
  CHALLENGE_ENDED: 422,
  CHALLENGE_NO_WINNERS: 422,
  CHALLENGE_NOT_PARTICIPANT: 422,
  CART_EMPTY: 422,
  CATEGORY_OTHER_STORE: 422,
  AREA_OTHER_STORE: 422,
  OUT_OF_STOCK: 422,
  NOT_ENOUGH_POINTS: 422,
  ADJUSTMENT_BELOW_ZERO: 422,
  CUSTOMER_NOT_ENOUGH_POINTS: 422,
  STOCK_BELOW_ZERO: 422,
  PRODUCT_OTHER_STORE: 422,
  AMOUNT_TOO_LARGE: 422,
  IDEMPOTENCY_KEY_REUSED: 422,
  NOT_AVAILABLE_IN_STORE: 422,
  REDEMPTION_CLOSED: 422,
  ACCRUAL_CLOSED: 422,
  REWARD_OTHER_STORE: 422,
  REWARD_INACTIVE: 422,
  LOAD_TOO_MANY_EMAILS: 422,
  LOAD_NOTHING_TO_CREDIT: 422,
  LOAD_ACTIVITY_REQUIRED: 422,
  LOAD_ACTIVITY_UNEXPECTED: 422,
  LOAD_ACTIVITY_DATE: 422,
  LOAD_FILE_UNREADABLE: 422,
  LOAD_FILE_EMPTY: 422,
  LOAD_FILE_NO_EMAIL_COLUMN: 422,
  DATES_FILE_NO_EMAIL_COLUMN: 422,
  DATES_FILE_NO_DATE_COLUMN: 422,
  DIRECTORY_FILE_NO_COLUMNS: 422,
  HIRE_DATE_OUT_OF_RANGE: 422,
  WEBHOOK_URL_NOT_HTTPS: 422,
  WEBHOOK_URL_PRIVATE: 422,
  BUSINESS_RULE: 422,
  GIVE_TO_SELF: 422,
  RECIPIENT_INACTIVE: 422,
  ALLOWANCE_EXCEEDED: 422,
  GIVE_SHARE_CAP: 422,
  MESSAGE_TOO_SHORT: 422,
  VALUE_REQUIRED: 422,
  VALUE_UNKNOWN: 422,
  ADDON_OWN_RECOGNITION: 422,
  MANAGER_CYCLE: 422,
  CELEBRATION_NO_ADDON: 422,
  CELEBRATION_BUDGET_INVALID: 422,
  BUDGET_CLOSED: 422,
  RECIPIENT_OUT_OF_SCOPE: 422,
  APPROVAL_LINK_EXPIRED: 422,
  TEAMS_UNAVAILABLE: 422,
  HEADERS_TOO_LARGE: 431,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  DATABASE_UNAVAILABLE: 503,
  SERVICE_UNAVAILABLE: 503,
  NOT_READY: 503,
  IDENTITY_PROVIDER_UNAVAILABLE: 503,
  UPLOADS_FULL: 507,
} as const satisfies Record<ErrorCode, number>;
