/*
 * The "New task" dialog for operators: its fields checked in the page where that is certain (JSON,
 * whole numbers), everything else by the API, whose problem detail is shown in the form.
 *
 * Text only through textContent: options and errors are text nodes.
 */
import {api} from '../api.js';
import {$, h} from '../dom.js';
import {payloadOf, sendDialog} from '../form-dialog.js';
import {t} from '../i18n.js';
import {session} from '../state.js';

function open() {
    const select = $('submit-task-type');
    const current = select.value;
    const types = session.me.submittableTaskTypes;
    select.replaceChildren(...types.map((type) => h('option', {value: type}, type)));
    if (types.includes(current)) {
        select.value = current;
    }
    $('submit-error').hidden = true;
    $('submit-dialog').showModal();
    select.focus();
}

function wholeNumber(id, field) {
    const raw = $(id).value.trim();
    if (raw === '') {
        return undefined;
    }
    const value = Number(raw);
    if (!Number.isInteger(value)) {
        throw new Error(t('submit.notWhole', {field}));
    }
    return value;
}

/** The request body from the form; throws an Error naming the field that is wrong. */
function body() {
    const request = {taskType: $('submit-task-type').value};
    const payload = payloadOf('submit-payload');
    if (payload !== undefined) request.payload = payload;
    const priority = wholeNumber('submit-priority', 'priority');
    const delayMs = wholeNumber('submit-delay', 'delayMs');
    const maxAttempts = wholeNumber('submit-max-attempts', 'maxAttempts');
    if (priority !== undefined) request.priority = priority;
    if (delayMs) request.delayMs = delayMs;
    if (maxAttempts !== undefined) request.maxAttempts = maxAttempts;
    const owner = $('submit-owner').value.trim();
    const dedupKey = $('submit-dedup-key').value.trim();
    if (owner) request.ownerId = owner;
    if (dedupKey) request.dedupKey = dedupKey;
    return request;
}

function submit(event) {
    event.preventDefault();
    return sendDialog({dialog: 'submit-dialog', error: 'submit-error', send: 'submit-send'}, body,
        (request) => api('POST', 'api/tasks', request), (task) => t('submit.done', {id: task.id, type: task.taskType}));
}

export default {
    name: 'submit',
    mount() {
        $('new-task').hidden = !(session.me.canOperate && session.me.submittableTaskTypes.length > 0);
        $('new-task').addEventListener('click', open);
        $('submit-form').addEventListener('submit', submit);
        $('submit-cancel').addEventListener('click', () => $('submit-dialog').close());
        $('submit-cancel-x').addEventListener('click', () => $('submit-dialog').close());
    },
};
