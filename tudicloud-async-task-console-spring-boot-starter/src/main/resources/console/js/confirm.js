/*
 * Asks before an action, in the page's own dialog (a native confirm() would label its buttons in the
 * browser's language, not the console's). Keyboard: Tab moves between the two buttons, Enter presses
 * the focused one, Escape keeps things as they are; focus returns to the button that asked.
 *
 * Text only through textContent: title and message are set with textContent.
 */
import {$} from './dom.js';

/** Resolves true when the user confirms, false otherwise. */
export function confirmAction({title, message, confirmLabel, keepLabel}) {
    const dialog = $('confirm-dialog');
    $('confirm-title').textContent = title;
    $('confirm-message').textContent = message;
    $('confirm-yes').textContent = confirmLabel;
    $('confirm-no').textContent = keepLabel;
    return new Promise((resolve) => {
        dialog.addEventListener('close', () => resolve(dialog.returnValue === 'yes'), {once: true});
        dialog.returnValue = '';
        dialog.showModal();
        $('confirm-no').focus();
    });
}
