/*
 * The task's history in the detail panel: its attempts, each with its worker, start, end, duration,
 * outcome and error, and the changes made to it by request (cancels, operators' retries) or by its schedule
 * (a fire or a trigger), oldest first.
 * Built from GET /api/tasks/{id}/events: an attempt is the events that share a lease token, and ends with
 * the first event that says how it ended; later events of that token (a cancel of the waiting task, an
 * operator's retry) are changes of their own. The claim and the success of the current attempt may be told by
 * the task row rather than recorded (fromTaskRow); such an attempt says so, discreetly.
 *
 * Text only through textContent: built with h(); event data are text nodes.
 */
import {api} from '../api.js';
import {h} from '../dom.js';
import {duration, timeElement} from '../format.js';
import {t} from '../i18n.js';
import {badge} from '../widgets.js';

const ENDS = new Set(['SUCCEEDED', 'FAILED', 'RETRY_SCHEDULED', 'RELEASED', 'CANCELLED', 'LEASE_EXPIRED']);
const LIMIT = 200;

/** The events in order, as attempts ({claim, end, token}) and changes ({event}). */
export function entries(events) {
    const open = new Map();
    const ended = new Set();
    const list = [];
    for (const event of events) {
        const token = event.leaseToken;
        if (event.type === 'CLAIMED') {
            const attempt = {token, claim: event, end: null};
            open.set(token, attempt);
            list.push(attempt);
        } else if (ENDS.has(event.type) && event.startedAt && !ended.has(token)) {
            ended.add(token);
            const attempt = open.get(token);
            if (attempt) {
                attempt.end = event;
            } else {
                list.push({token, claim: null, end: event});   // its claim was not recorded (failures-only)
            }
        } else {
            list.push({event});
        }
    }
    return list;
}

const mono = (text) => (text ? h('span', {class: 'mono'}, text) : h('span', {class: 'muted'}, '—'));

function field(labelKey, value, testid) {
    return [h('dt', null, t(labelKey)), h('dd', {'data-testid': testid}, value)];
}

function attemptItem(attempt) {
    const first = attempt.claim || attempt.end;
    const start = first.startedAt;
    const end = attempt.end ? attempt.end.createdAt : null;
    const took = end ? new Date(end).getTime() - new Date(start).getTime() : Date.now() - new Date(start).getTime();
    const outcome = attempt.end ? attempt.end : null;
    const error = outcome && outcome.type !== 'SUCCEEDED' ? outcome.message : null;
    const fromTaskRow = [attempt.claim, attempt.end].some((event) => event && event.fromTaskRow);
    return h('li', {class: `timeline-attempt timeline-${outcome ? outcome.type : 'RUNNING'}`, 'data-testid': 'attempt',
        'data-outcome': outcome ? outcome.type : 'RUNNING'},
    h('div', {class: 'timeline-head'},
        h('strong', null, t('timeline.attempt', {n: first.attempt || 1})), ' ',
        h('span', {class: 'timeline-outcome', 'data-testid': 'attempt-outcome'},
            outcome ? t(`event.${outcome.type}`) : t('timeline.running')),
        outcome ? [' ', badge(outcome.status)] : null,
        fromTaskRow ? h('span', {class: 'muted small timeline-source', 'data-testid': 'attempt-from-task-row',
            title: t('timeline.fromTaskRowHint')}, t('timeline.fromTaskRow')) : null),
    h('dl', {class: 'fields'},
        field('timeline.worker', mono(first.workerId), 'attempt-worker'),
        field('timeline.start', timeElement(start, 'full'), 'attempt-start'),
        field('timeline.end', end ? timeElement(end, 'full') : t('timeline.running'), 'attempt-end'),
        field('timeline.duration', duration(took), 'attempt-duration'),
        outcome && outcome.type === 'RETRY_SCHEDULED' && outcome.delayMs !== null
            ? field('timeline.retryIn', duration(outcome.delayMs), 'attempt-delay') : null,
        outcome && outcome.type === 'LEASE_EXPIRED' && outcome.actor
            ? field('timeline.recoveredBy', mono(outcome.actor), 'attempt-recovered-by') : null),
    error ? h('pre', {class: 'code error-text', 'data-testid': 'attempt-error'}, error) : null);
}

/** A schedule's trigger names the schedule in its message; a fire names it as its actor. */
function changeLabel(event) {
    return event.type === 'SCHEDULE_FIRED' && event.message
        ? t('event.SCHEDULE_FIRED.trigger', {schedule: event.message})
        : t(`event.${event.type}`);
}

function changeItem(event) {
    return h('li', {class: 'timeline-change', 'data-testid': 'timeline-change', 'data-type': event.type},
        h('span', null, changeLabel(event)), ' ',
        event.actor ? h('span', {class: 'muted'}, t('timeline.by', {actor: event.actor})) : null, ' ',
        h('span', {class: 'muted'}, timeElement(event.createdAt, 'full')));
}

function fill(section, answer) {
    const list = entries(answer.events);
    if (list.length === 0) {
        section.append(h('p', {class: 'muted', 'data-testid': 'timeline-empty'},
            t(answer.mode === 'OFF' ? 'timeline.off' : 'timeline.empty')));
        return;
    }
    section.append(h('ol', {class: 'timeline', 'data-testid': 'timeline-list'},
        list.map((entry) => (entry.event ? changeItem(entry.event) : attemptItem(entry)))));
}

function render(task) {
    const section = h('section', {class: 'drawer-section', 'data-testid': 'detail-timeline'},
        h('h3', null, t('detail.timeline')));
    const loading = h('p', {class: 'muted'}, t('detail.loading'));
    section.append(loading);
    api('GET', `api/tasks/${task.id}/events?limit=${LIMIT}`)
        .then((answer) => {
            loading.remove();
            fill(section, answer);
        })
        .catch((e) => {
            loading.replaceWith(h('p', {class: 'form-error', 'data-testid': 'timeline-error'}, e.detail || String(e)));
        });
    return section;
}

/** Read again only when the task changed: every event changes its update time. */
export const timeline = {render, keep: (task) => `${task.id}\u0001${task.updateTime}\u0001${task.status}`};
