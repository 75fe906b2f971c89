import { z } from 'zod';
import { PROMPT_MAX } from './assistant-rules';
import { textField } from './fields';

export const promptInput = z.strictObject({
  prompt: textField('Your message', { message: 'Please type a message for the assistant.', multiline: true })
    .min(1, 'Please type a message for the assistant.')
    .max(PROMPT_MAX, `Your message is too long (${PROMPT_MAX.toLocaleString('en-US')} characters at most).`),
});

export const confirmInput = z.strictObject({ confirm: z.boolean({ error: 'confirm must be true or false.' }) });

export const assistantOutput = z.object({ message: z.string(), requiresConfirmation: z.boolean() });
export type AssistantOutput = z.infer<typeof assistantOutput>;
