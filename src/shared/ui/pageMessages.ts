/** The texts of the page frame shared by every screen. */
export const BACK = 'Volver';
