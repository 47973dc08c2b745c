/** The texts of the shared data table. */
export const ROW_DETAILS = 'Detalles';
export const ROW_DETAILS_HEADER = 'Detalles';
