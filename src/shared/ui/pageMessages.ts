/** The texts of the page frame shared by every screen. */
export const BACK = 'Volver';
/** Asks again after a server error: a failed load is said to be an error, never shown as an empty list. */
export const RETRY = 'Reintentar';
