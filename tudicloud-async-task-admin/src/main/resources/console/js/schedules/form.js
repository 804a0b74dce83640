/*
 * The "New schedule" dialog for operators: the payload checked as JSON in the page, everything else (name,
 * expression, zone) by the API, whose problem detail is shown in the form.
 *
 * Text only through textContent: options and errors are text nodes.
 */
import {api} from '../api.js';
import {$, h} from '../dom.js';
import {emit} from '../events.js';
import {t} from '../i18n.js';
import {notify} from '../notice.js';
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

function showError(text) {
    $('schedule-error').textContent = text;
    $('schedule-error').hidden = false;
}

/** The request body from the form; throws an Error when the payload is not JSON. */
function body() {
    const request = {name: $('schedule-name').value.trim(), expression: $('schedule-expression').value.trim(),
        timeZone: $('schedule-zone').value.trim() || 'UTC', taskType: $('schedule-task-type').value};
    const payloadText = $('schedule-payload').value.trim();
    if (payloadText) {
        try {
            request.payload = JSON.parse(payloadText);
        } catch (e) {
            throw new Error(t('submit.badJson', {reason: e.message}));
        }
    }
    return request;
}

async function create(event) {
    event.preventDefault();
    $('schedule-error').hidden = true;
    let request;
    try {
        request = body();
    } catch (e) {
        showError(e.message);
        return;
    }
    $('schedule-send').disabled = true;
    try {
        const schedule = await api('POST', '/api/schedules', request);
        $('schedule-dialog').close();
        notify(t('schedules.created', {name: schedule.name}), 'success');
        emit('refresh:now');
    } catch (e) {
        if (e.status !== 401) {
            showError(e.detail);
        }
    } finally {
        $('schedule-send').disabled = false;
    }
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
