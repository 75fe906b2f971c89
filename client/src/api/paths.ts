/** Where a GP goes to set up a second factor when the policy requires one (docs/decisions/0016). */
export const TWO_FACTOR_SETUP_PATH = '/two_factor_setup';
