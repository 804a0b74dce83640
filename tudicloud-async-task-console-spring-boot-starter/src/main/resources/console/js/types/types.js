/*
 * The Task types view: every known type with its queue, its running tasks, its throughput over the last
 * 15 minutes, its fleet-wide cap, and whether it is paused (by whom, since when). An operator pauses and
 * resumes a type here, asked first. The limit cell also shows a per-key cap with the keys at it, a rate limit
 * with the starts in its window, and fairness. Reads GET /api/task-types; rows are rebuilt only when a type changed,
 * so that a button keeps its focus across refreshes.
 *
 * Text only through textContent: every cell is built with h(), whose text children are text nodes.
 */
import {api} from '../api.js';
import {confirmAction} from '../confirm.js';
import {$, h, syncRows} from '../dom.js';
import {emit} from '../events.js';
import {duration, number, relative, timeTitle} from '../format.js';
import {t} from '../i18n.js';
import {notify} from '../notice.js';
import {session} from '../state.js';

/** Rows by type name, with the key of what they show. */
const rows = new Map();

/** The type's caps, rate limit and fairness, one line each, with what of them is in use now. */
function limitCell(type, globalLimit) {
    const lines = [];
    if (type.maxRunning !== null && type.maxRunning !== undefined) {
        lines.push(t('types.limit', {limit: number(type.maxRunning)}));
    } else if (globalLimit) {
        lines.push(t('types.globalOnly', {limit: number(globalLimit)}));
    }
    const limits = type.limits;
    if (limits.keyConcurrency !== null) {
        lines.push(t('types.perKey', {limit: number(limits.keyConcurrency), count: limits.keysAtCap,
            keys: number(limits.keysAtCap)}));
    }
    if (limits.rateLimit !== null) {
        lines.push(t('types.rate', {used: number(limits.startsInWindow), limit: number(limits.rateLimit),
            period: duration(limits.ratePeriodMs)}));
    }
    if (limits.fair) {
        lines.push(t('types.fair'));
    }
    if (lines.length === 0) {
        return '—';
    }
    return h('span', {class: 'type-limits', 'data-testid': 'type-limits'}, ...lines.map((line) => h('div', {}, line)));
}

function stateCell(type) {
    if (!type.paused) {
        return h('span', {class: 'type-state type-active', 'data-testid': 'type-state'}, t('types.active'));
    }
    return h('span', {class: 'type-state type-paused', 'data-testid': 'type-state', title: timeTitle(type.pausedAt)},
        t('types.pausedBy', {user: type.pausedBy || '?', when: relative(type.pausedAt)}));
}

function actionCell(type) {
    if (!session.me.canOperate) {
        return null;
    }
    const pause = !type.paused;
    return h('button', {type: 'button', class: `btn btn-small ${pause ? 'btn-danger' : ''}`,
        'data-testid': pause ? 'pause-type' : 'resume-type',
        'aria-label': t(pause ? 'types.pauseType' : 'types.resumeType', {type: type.taskType}),
        onclick: () => (pause ? pauseType(type.taskType) : resumeType(type.taskType))},
    t(pause ? 'types.pause' : 'types.resume'));
}

function newRow(type, globalLimit) {
    return h('tr', {'data-task-type': type.taskType, 'data-paused': String(type.paused)},
        h('td', {class: 'mono type-name', title: type.taskType}, type.taskType),
        h('td', {class: 'num', 'data-testid': 'type-waiting'}, number(type.waiting)),
        h('td', {class: 'num'}, number(type.due)),
        h('td', {class: 'num', 'data-testid': 'type-running'}, number(type.running)),
        h('td', {class: 'num'}, number(type.finishedPerMinute)),
        h('td', {class: 'num'}, limitCell(type, globalLimit)),
        h('td', {}, stateCell(type)),
        h('td', {class: 'col-actions'}, actionCell(type)));
}

function render(page) {
    syncRows($('type-rows'), rows, page.types, (type) => type.taskType, (type, known) => {
        const key = JSON.stringify([type, page.globalLimit, session.me.canOperate, type.pausedAt ? relative(type.pausedAt) : '']);
        if (known && known.key === key) {
            return known;
        }
        const tr = newRow(type, page.globalLimit);
        known?.tr.replaceWith(tr);
        return {tr, key};
    });
    const paused = page.types.filter((type) => type.paused).length;
    $('types-summary').textContent = t('types.summary', {count: page.types.length, paused: number(paused)});
    $('types-empty').hidden = page.types.length > 0;
}

async function change(action, taskType) {
    const confirmed = await confirmAction({
        title: t(`${action}.title`, {type: taskType}),
        message: t(`${action}.message`, {type: taskType}),
        confirmLabel: t(`${action}.confirm`),
        keepLabel: t(`${action}.keep`),
    });
    if (!confirmed) {
        return;
    }
    try {
        const result = await api('POST', `api/task-types/${encodeURIComponent(taskType)}/${action}`);
        notify(t(result.changed ? `${action}.done` : `${action}.unchanged`, {type: taskType}), 'success');
    } catch (e) {
        if (e.status !== 401) {
            notify(t(`${action}.failed`, {type: taskType, detail: e.detail}), 'error');
        }
    }
    emit('refresh:now');
}

const pauseType = (taskType) => change('pause', taskType);
const resumeType = (taskType) => change('resume', taskType);

export default {
    name: 'types',
    async refresh() {
        render(await api('GET', 'api/task-types'));
    },
};
