/** The longest note of a cash movement; the form's input stops there too. */
export const CASH_NOTE_MAX = 200;

/**
 * The box a GP ticks to let a movement of cash take Cash Available below zero (buying on margin);
 * without it, any settling movement that would do so is refused.
 */
export const ALLOW_NEGATIVE_CASH_LABEL = 'Allow negative cash (margin)';
