import { useEffect, useRef, useState } from 'react';
import { CHAT_ERROR, NO_RESPONSE } from '@contract/assistant-rules';
import { loadChat, saveChat, type ChatMessage } from '../../../lib/chat-store';
import { messageOf } from '../../../api/errors';
import { trpc } from '../../../api/trpc';
import { useRefreshPortfolio } from '../use-portfolio';

/** docs/product.md §9: a reply confirms when it starts with 'y', in either case. */
export const isYes = (reply: string): boolean => /^y/i.test(reply.trim());

/**
 * docs/product.md §4's chat: a prompt gets the assistant's reply; after a reply that asks for confirmation,
 * the next message is sent as the confirmation (yes or no) and normal mode returns. An error
 * clears the confirmation mode. The conversation, a pending proposal included, is kept for the
 * browser tab's session (lib/chat-store.ts): closing the panel does not clear it.
 */
export function useAssistant() {
  const refresh = useRefreshPortfolio();
  const prompt = trpc.ai.prompt.useMutation();
  const confirm = trpc.ai.confirm.useMutation();
  const [stored] = useState(loadChat);
  const nextId = useRef(Math.max(0, ...stored.messages.map((m) => m.id)) + 1);
  const [messages, setMessages] = useState<ChatMessage[]>(stored.messages);
  const [awaitingConfirmation, setAwaitingConfirmation] = useState(stored.awaitingConfirmation);
  const [busy, setBusy] = useState(false);

  useEffect(() => saveChat({ messages, awaitingConfirmation }), [messages, awaitingConfirmation]);

  const say = (sender: ChatMessage['sender'], text: string) => setMessages((list) => [...list, { id: nextId.current++, sender, text }]);

  async function send(text: string): Promise<void> {
    const trimmed = text.trim();
    if (trimmed === '' || busy) return;
    say('user', trimmed);
    setBusy(true);
    try {
      if (awaitingConfirmation) {
        const yes = isYes(trimmed);
        const answer = await confirm.mutateAsync({ confirm: yes });
        setAwaitingConfirmation(false);
        say('ai', answer.message || NO_RESPONSE);
        // A confirmed trade adds or removes lots and moves Cash Available: show the new figures.
        if (yes) await refresh();
      } else {
        const answer = await prompt.mutateAsync({ prompt: trimmed });
        say('ai', answer.message || NO_RESPONSE);
        setAwaitingConfirmation(answer.requiresConfirmation);
      }
    } catch (error) {
      console.error(error);
      setAwaitingConfirmation(false);
      say('ai', messageOf(error, CHAT_ERROR));
    } finally {
      setBusy(false);
    }
  }

  return { messages, awaitingConfirmation, busy, send };
}
