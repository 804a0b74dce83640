/*
 * The sections of the task detail, in order. Each has render(task), which returns a section element or
 * null when it has nothing to show, and may have keep(task): while that stays the same the section is
 * not rebuilt, so that what the user unfolded or selected in it survives a refresh. A new section (the
 * attempt timeline, say) is a module of its own listed in SECTIONS, with its strings in both bundles.
 *
 * Text only through textContent: sections are built with h(); task data are text nodes.
 */
import {h} from '../dom.js';
import {emit} from '../events.js';
import {duration, timeElement} from '../format.js';
import {t} from '../i18n.js';
import {ACTIVE, AWAITS_WORKER} from '../state.js';
import {badge, progressBar} from '../widgets.js';
import {dependencies} from './dependencies.js';
import {fields, section} from './fields.js';
import {payloadView} from './json-view.js';
import {policy} from './policy.js';
import {timeline} from './timeline.js';

const ms = (from, to) => (from && to ? new Date(to).getTime() - new Date(from).getTime() : null);

function progress(task) {
    return ACTIVE.has(task.status) ? section('detail.progress', 'detail-progress', progressBar(task)) : null;
}

function result(task) {
    if (task.status !== 'SUCCESS' && !task.artifactId && (ACTIVE.has(task.status) || task.progress === null)) {
        return null;
    }
    return section('detail.result', 'detail-result', fields(
        ['detail.artifact', task.artifactId ? h('span', {class: 'mono'}, task.artifactId) : null, 'artifact'],
        task.progress !== null && task.progress !== undefined && !ACTIVE.has(task.status)
            ? ['detail.lastProgress', `${task.progress}%${task.progressMessage ? ` · ${task.progressMessage}` : ''}`,
                'last-progress'] : null));
}

/** The error's first lines; a stack trace (lines starting with "at ") folded under them. */
function error(task) {
    if (!task.lastError) {
        return null;
    }
    const lines = task.lastError.split('\n');
    const traceAt = lines.findIndex((line) => /^\s+at\s/.test(line));
    const head = traceAt > 0 ? lines.slice(0, traceAt).join('\n') : task.lastError;
    const trace = traceAt > 0 ? h('details', {class: 'fold', 'data-testid': 'stack-trace'},
        h('summary', null, t('detail.stackTrace', {count: lines.length - traceAt})),
        h('pre', {class: 'code error-text'}, lines.slice(traceAt).join('\n'))) : null;
    return section('detail.lastError', 'detail-error', h('pre', {class: 'code error-text', 'data-testid': 'last-error'}, head),
        trace);
}

/** When it was queued, how long it waited once due, how long it ran (runs so far while it runs). */
function timings(task) {
    const now = new Date().toISOString();
    const waitedUntil = task.startedAt || (AWAITS_WORKER.has(task.status) ? now : null);
    const waited = waitedUntil && new Date(task.availableAt) < new Date(waitedUntil) ? ms(task.availableAt, waitedUntil) : null;
    const ran = task.startedAt ? ms(task.startedAt, task.finishedAt || (ACTIVE.has(task.status) ? now : null)) : null;
    return section('detail.timings', 'detail-timings', fields(
        ['detail.queued', timeElement(task.createTime, 'full'), 'create-time'],
        ['detail.due', timeElement(task.availableAt, 'full'), 'available-at'],
        ['detail.waited', waited === null ? null : duration(waited), 'waited'],
        ['detail.started', timeElement(task.startedAt, 'full'), 'started-at'],
        ['detail.ran', ran === null ? null : duration(ran), 'ran'],
        ['detail.finished', timeElement(task.finishedAt, 'full'), 'finished-at'],
        ['detail.updated', timeElement(task.updateTime, 'full'), 'update-time']));
}

function about(task) {
    return section('detail.task', 'detail-task', fields(
        ['detail.status', badge(task.status)],
        ['detail.type', h('span', {class: 'mono'}, task.taskType)],
        ['detail.priority', String(task.priority)],
        ['detail.owner', task.ownerId, 'owner'],
        ['detail.key', task.key ? h('span', {class: 'mono'}, task.key) : null, 'key'],
        ['batches.field', task.batchId ? h('button', {type: 'button', class: 'link', 'data-testid': 'batch-link',
            onclick: () => emit('batch:open', task.batchId)}, t('batches.link', {id: task.batchId})) : null, 'batch'],
        ['detail.dedupKey', task.dedupKey ? h('span', {class: 'mono'}, task.dedupKey) : null],
        ['detail.attempts', t('detail.attemptsOf', {attempts: task.attemptCount, max: task.maxAttempts}), 'attempts']));
}

function lease(task) {
    return section('detail.lease', 'detail-lease', fields(
        ['detail.leaseOwner', task.leaseOwner ? h('span', {class: 'mono'}, task.leaseOwner) : null, 'lease-owner'],
        ['detail.leaseUntil', timeElement(task.leaseUntil, 'full'), 'lease-until'],
        ['detail.fencingToken', String(task.leaseToken), 'lease-token']));
}

function payload(task) {
    return section('detail.payload', 'detail-payload', payloadView(task.payload, task.redactedFields));
}

export const SECTIONS = [
    {render: progress},
    {render: result},
    {render: error, keep: (task) => `${task.id}\u0001${task.lastError}`},
    {render: timings},
    timeline,
    dependencies,
    {render: about},
    {render: policy},
    {render: lease},
    {render: payload, keep: (task) => `${task.id}\u0001${JSON.stringify([task.payload, task.redactedFields])}`},
];
