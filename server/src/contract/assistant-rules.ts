/** The longest message the assistant takes, in characters; the chat box stops there too. */
export const PROMPT_MAX = 1000;

/** docs/product.md §8's chat error text: the server's when the model cannot be reached, the chat's own when no answer came. */
export const CHAT_ERROR = 'Error contacting AI';
/** docs/product.md §8: what the chat shows for a reply without a message. */
export const NO_RESPONSE = 'Sorry, no response';
