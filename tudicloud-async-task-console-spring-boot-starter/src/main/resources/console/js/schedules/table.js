/*
 * The Schedules card: every schedule with its expression in words (as written when it has no common
 * shape), its zone, its next fire in the server's time, its last fire with the status of the task it
 * submitted, and whether it is paused; an operator pauses, resumes, fires now and deletes. Reads
 * GET /api/schedules.
 *
 * Text only through textContent: names, expressions, zones and problem details are text nodes.
 */
import {api} from '../api.js';
import {confirmAction} from '../confirm.js';
import {$, h} from '../dom.js';
import {emit} from '../events.js';
import {serverTime, timeElement, timeTitle} from '../format.js';
import {t} from '../i18n.js';
import {notify} from '../notice.js';
import {session} from '../state.js';
import {badge} from '../widgets.js';
import {describe} from './describe.js';

const path = (name) => `api/schedules/${encodeURIComponent(name)}`;

async function act(schedule, action, doneKey) {
    try {
        const result = await api(action === 'delete' ? 'DELETE' : 'POST',
            action === 'delete' ? path(schedule.name) : `${path(schedule.name)}/${action}`);
        notify(t(doneKey, {name: schedule.name, id: result?.taskId}), 'success');
    } catch (e) {
        if (e.status !== 401) {
            notify(t('schedules.failed', {name: schedule.name, detail: e.detail}), 'error');
        }
    }
    emit('refresh:now');
}

async function remove(schedule) {
    const confirmed = await confirmAction({title: t('schedules.delete.title', {name: schedule.name}),
        message: t('schedules.delete.message'), confirmLabel: t('schedules.delete.confirm'),
        keepLabel: t('schedules.delete.keep')});
    if (confirmed) {
        await act(schedule, 'delete', 'schedules.delete.done');
    }
}

function button(schedule, action, label, onclick, extra = '') {
    return h('button', {type: 'button', class: `btn btn-small ${extra}`, 'data-testid': `schedule-${action}`,
        'aria-label': t(`schedules.action.${action}Named`, {name: schedule.name}), onclick}, label);
}

function actions(schedule) {
    if (!session.me.canOperate) {
        return null;
    }
    return h('div', {class: 'actions'},
        schedule.paused
            ? button(schedule, 'resume', t('schedules.action.resume'), () => act(schedule, 'resume', 'schedules.resumed'))
            : button(schedule, 'pause', t('schedules.action.pause'), () => act(schedule, 'pause', 'schedules.paused')),
        button(schedule, 'trigger', t('schedules.action.trigger'), () => act(schedule, 'trigger', 'schedules.triggered')),
        button(schedule, 'delete', t('schedules.action.delete'), () => remove(schedule), 'btn-danger'));
}

function row(schedule) {
    const words = describe(schedule.expression);
    return h('tr', {'data-schedule': schedule.name, 'data-testid': 'schedule-row', 'data-paused': String(schedule.paused)},
        h('td', {class: 'mono'}, schedule.name),
        h('td', {title: schedule.expression}, words || h('code', null, schedule.expression)),
        h('td', null, schedule.timeZone),
        h('td', {class: 'mono'}, schedule.taskType),
        h('td', {title: timeTitle(schedule.nextFireTime)}, schedule.paused ? '—' : serverTime(schedule.nextFireTime)),
        h('td', null, timeElement(schedule.lastFireTime),
            schedule.lastTaskStatus ? [' ', badge(schedule.lastTaskStatus)] : null),
        h('td', {'data-testid': 'schedule-state'}, t(schedule.paused ? 'schedules.state.paused' : 'schedules.state.active'),
            schedule.skippedCount > 0 ? h('span', {class: 'muted small'},
                ` · ${t('schedules.skipped', {count: schedule.skippedCount, n: schedule.skippedCount})}`) : null),
        h('td', {class: 'col-actions'}, actions(schedule)));
}

export default {
    name: 'schedules',
    async refresh() {
        // the API pages schedules by name; the console shows the first 500
        const schedules = await api('GET', 'api/schedules?limit=500');
        $('schedule-rows').replaceChildren(...schedules.map(row));
        $('schedules-empty').hidden = schedules.length > 0;
    },
};
