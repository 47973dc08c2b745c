/** The width below which layout.css folds the header behind the Menú button. */
export const PHONE_QUERY = '(max-width: 37.5rem)';
