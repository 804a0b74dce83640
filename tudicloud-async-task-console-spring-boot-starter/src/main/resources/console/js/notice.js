/*
 * The notice line above the task table: what an action did, or why it failed (a problem detail, in the
 * chosen language as the server wrote it).
 *
 * Text only through textContent: the notice's text is set with textContent.
 */
import {$} from './dom.js';

let timer = null;

/** kind: 'info', 'success' (both go away after five seconds) or 'error' (stays until dismissed). */
export function notify(text, kind = 'info') {
    clearTimeout(timer);
    const notice = $('notice');
    notice.className = `notice notice-${kind}`;
    notice.dataset.kind = kind;
    $('notice-text').textContent = text;
    notice.hidden = false;
    if (kind !== 'error') {
        timer = setTimeout(() => { notice.hidden = true; }, 5000);
    }
}

export function bindNotice() {
    $('notice-close').addEventListener('click', () => { $('notice').hidden = true; });
}
