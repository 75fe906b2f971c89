/** The chat of this browser tab's session: closing the panel or leaving the page keeps it. */
export const CHAT_STORAGE_KEY = 'assistantChat';

export interface ChatMessage {
  id: number;
  sender: 'user' | 'ai';
  text: string;
}

export interface StoredChat {
  messages: ChatMessage[];
  /** A proposal waits for yes or no (the server keeps the trade itself). */
  awaitingConfirmation: boolean;
}

const EMPTY: StoredChat = { messages: [], awaitingConfirmation: false };

function store(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

const isMessage = (value: unknown): value is ChatMessage => {
  if (!value || typeof value !== 'object') return false;
  const m = value as Record<string, unknown>;
  return typeof m.id === 'number' && (m.sender === 'user' || m.sender === 'ai') && typeof m.text === 'string';
};

/** The stored chat, or an empty one when there is none or it is not one this page wrote. */
export function loadChat(): StoredChat {
  try {
    const parsed: unknown = JSON.parse(store()?.getItem(CHAT_STORAGE_KEY) ?? 'null');
    if (!parsed || typeof parsed !== 'object') return EMPTY;
    const { messages, awaitingConfirmation } = parsed as Record<string, unknown>;
    if (!Array.isArray(messages) || !messages.every(isMessage) || typeof awaitingConfirmation !== 'boolean') return EMPTY;
    return { messages, awaitingConfirmation };
  } catch {
    return EMPTY;
  }
}

export function saveChat(chat: StoredChat): void {
  try {
    store()?.setItem(CHAT_STORAGE_KEY, JSON.stringify(chat));
  } catch {
    // Storage full or refused: the chat still works, it is only not kept.
  }
}

/** Signing out forgets the chat. */
export function clearChat(): void {
  try {
    store()?.removeItem(CHAT_STORAGE_KEY);
  } catch {
    // nothing kept
  }
}
