/** The longest note of a cash movement; the form's input stops there too. */
export const CASH_NOTE_MAX = 200;
