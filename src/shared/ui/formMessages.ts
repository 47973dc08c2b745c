/** The texts every form shares. */
export const ERROR_SUMMARY_TITLE = 'Revise los siguientes campos:';
