import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Pages are lazily loaded chunks; the first visit to one transforms it, which takes a moment, and
// longer on a busy machine: a wait fails only after 20 s (a passing one ends as soon as it can).
configure({ asyncUtilTimeout: 20_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear(); // the assistant's chat of the tab's session
  window.history.replaceState(null, '', '/');
});

// jsdom does not scroll; the shell scrolls to the top on each new page.
window.scrollTo = () => {};

// jsdom has <dialog> but not its modal methods; these do what the tests need of them.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

// jsdom has no ResizeObserver; the dashboards' charts size themselves with one.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class ResizeObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}
