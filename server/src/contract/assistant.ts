import { z } from 'zod';
import { textField } from './fields';

/** The longest message the assistant takes, in characters; the chat box stops there too. */
export const PROMPT_MAX = 1000;

/** SPEC §8's chat error text: the server's when the model cannot be reached, the chat's own when no answer came. */
export const CHAT_ERROR = 'Error contacting AI';
/** SPEC §8: what the chat shows for a reply without a message. */
export const NO_RESPONSE = 'Sorry, no response';

export const promptInput = z.strictObject({
  prompt: textField('Your message', { message: 'Please type a message for the assistant.', multiline: true })
    .min(1, 'Please type a message for the assistant.')
    .max(PROMPT_MAX, `Your message is too long (${PROMPT_MAX.toLocaleString('en-US')} characters at most).`),
});

export const confirmInput = z.strictObject({ confirm: z.boolean({ error: 'confirm must be true or false.' }) });
