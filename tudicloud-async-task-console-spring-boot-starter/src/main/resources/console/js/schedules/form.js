/*
 * The "New schedule" dialog for operators: the payload checked as JSON in the page, everything else (name,
 * expression, zone) by the API, whose problem detail is shown in the form.
 *
 * Text only through textContent: options and errors are text nodes.
 */
import {api} from '../api.js';
import {$, h} from '../dom.js';
import {payloadOf, sendDialog} from '../form-dialog.js';
import {t} from '../i18n.js';
import {session} from '../state.js';

function open() {
    const types = session.me.submittableTaskTypes;
    $('schedule-task-type').replaceChildren(...types.map((type) => h('option', {value: type}, type)));
    $('schedule-name').value = '';
    $('schedule-payload').value = '';
    $('schedule-error').hidden = true;
    $('schedule-dialog').showModal();
    $('schedule-name').focus();
}

/** The request body from the form; throws an Error when the payload is not JSON. */
function body() {
    const request = {name: $('schedule-name').value.trim(), expression: $('schedule-expression').value.trim(),
        timeZone: $('schedule-zone').value.trim() || 'UTC', taskType: $('schedule-task-type').value};
    const payload = payloadOf('schedule-payload');
    if (payload !== undefined) request.payload = payload;
    return request;
}

function create(event) {
    event.preventDefault();
    return sendDialog({dialog: 'schedule-dialog', error: 'schedule-error', send: 'schedule-send'}, body,
        (request) => api('POST', 'api/schedules', request), (schedule) => t('schedules.created', {name: schedule.name}));
}

export default {
    name: 'scheduleForm',
    mount() {
        $('new-schedule').hidden = !(session.me.canOperate && session.me.submittableTaskTypes.length > 0);
        $('new-schedule').addEventListener('click', open);
        $('schedule-form').addEventListener('submit', create);
        $('schedule-cancel').addEventListener('click', () => $('schedule-dialog').close());
        $('schedule-cancel-x').addEventListener('click', () => $('schedule-dialog').close());
    },
};
