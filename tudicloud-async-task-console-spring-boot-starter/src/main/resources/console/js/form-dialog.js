/*
 * What the console's dialogs that send a form share: the JSON payload field read and checked in the page,
 * and the send itself (the button disabled meanwhile; on success the dialog closes, a notice says what
 * was done and the views refresh; a problem detail is shown in the form).
 *
 * Text only through textContent: errors are set with textContent.
 */
import {$} from './dom.js';
import {emit} from './events.js';
import {t} from './i18n.js';
import {notify} from './notice.js';

/** The JSON in this textarea, or undefined when it is empty; throws an Error naming the payload when it is not JSON. */
export function payloadOf(textareaId) {
    const text = $(textareaId).value.trim();
    if (!text) {
        return undefined;
    }
    try {
        return JSON.parse(text);
    } catch (e) {
        throw new Error(t('submit.badJson', {reason: e.message}));
    }
}

function showError(errorId, text) {
    $(errorId).textContent = text;
    $(errorId).hidden = false;
}

/**
 * Sends the form of a dialog.
 *
 * @param ids     {dialog, error, send}: the ids of the dialog, its error line and its send button
 * @param request () => the body; may throw an Error whose message is shown
 * @param call    (body) => the API call's promise
 * @param done    (result) => the notice's text
 */
export async function sendDialog(ids, request, call, done) {
    $(ids.error).hidden = true;
    let body;
    try {
        body = request();
    } catch (e) {
        showError(ids.error, e.message);
        return;
    }
    $(ids.send).disabled = true;
    try {
        const result = await call(body);
        $(ids.dialog).close();
        notify(done(result), 'success');
        emit('refresh:now');
    } catch (e) {
        if (e.status !== 401) {
            showError(ids.error, e.detail);
        }
    } finally {
        $(ids.send).disabled = false;
    }
}
