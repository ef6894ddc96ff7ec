// jsdom has <dialog> but not showModal/close: a stand-in that opens and closes
// it (the accessibility tree then shows or hides it, as in a browser).

import { beforeAll } from 'vitest';

export function supportDialogs() {
  beforeAll(() => {
    const proto = HTMLDialogElement.prototype as HTMLDialogElement & { showModal?: () => void };
    if (typeof proto.showModal === 'function') return;
    proto.showModal = function showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    proto.close = function close(this: HTMLDialogElement) {
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    };
  });
}
