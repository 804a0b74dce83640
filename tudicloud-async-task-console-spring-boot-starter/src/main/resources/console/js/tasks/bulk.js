/*
 * "All N matching": an operator retries or cancels every task the list's filters match, not only the
 * page shown. The bar shows N from the list's total; pressing a button first asks the server for a dry
 * run, which counts what the action would take now, and the confirmation names that count. The action then
 * carries that count (the server refuses it if the match has changed) and runs as a background job on the
 * server, in bounded batches: its progress shows under the filters, with a button that stops it. Without any
 * filter the console asks for "all" in so many words, as the API wants it.
 *
 * Text only through textContent: the bar's text and the notices are set with textContent.
 */
import {api} from '../api.js';
import {confirmAction} from '../confirm.js';
import {$} from '../dom.js';
import {emit, on} from '../events.js';
import {number} from '../format.js';
import {t} from '../i18n.js';
import {notify} from '../notice.js';
import {filterBody, session} from '../state.js';

const ACTIONS = {
    retry: {path: 'api/tasks/bulk-retry', statuses: new Set(['FAILED', 'CANCELLED']), prefix: 'bulkRetry'},
    cancel: {path: 'api/tasks/bulk-cancel', statuses: new Set(['WAITING', 'SCHEDULED', 'QUEUED', 'RUNNING']), prefix: 'bulkCancel'},
};
const PREFIXES = {bulk_retry: 'bulkRetry', bulk_cancel: 'bulkCancel'};
const POLL_MS = 1000;

let watched = null;

/** The filters as the action's body: the statuses chosen among those it takes; null when it takes none of them. */
function bodyFor(action) {
    const body = filterBody();
    if (body.statuses.length) {
        body.statuses = body.statuses.filter((status) => ACTIONS[action].statuses.has(status));
        if (!body.statuses.length) {
            return null;
        }
    }
    if (!body.statuses.length && Object.keys(body).length === 1) {
        body.all = true;   // no filter at all: every task the action takes, which the API wants said
    }
    return body;
}

function render(loaded) {
    const bar = $('bulk');
    bar.hidden = !session.me.canOperate || loaded.total === 0 || watched !== null;
    $('bulk-text').textContent = t(loaded.capped ? 'bulk.matchingAtLeast' : 'bulk.matching',
        {count: loaded.total, total: number(loaded.total)});
    $('bulk-retry').disabled = bodyFor('retry') === null;
    $('bulk-cancel').disabled = bodyFor('cancel') === null;
}

async function run(action) {
    const body = bodyFor(action);
    if (!body) {
        return;
    }
    const {path, prefix} = ACTIONS[action];
    try {
        const dryRun = await api('POST', path, {...body, dryRun: true});
        if (dryRun.matched === 0) {
            notify(t(`${prefix}.none`), 'info');
            return;
        }
        if (dryRun.tooMany) {
            notify(t('bulk.tooMany', {max: number(dryRun.maxTasks)}), 'error');
            return;
        }
        const matched = number(dryRun.matched);
        const confirmed = await confirmAction({
            title: t(`${prefix}.title`, {count: dryRun.matched, matched}),
            message: t(`${prefix}.message`, {count: dryRun.matched, matched}),
            confirmLabel: t(`${prefix}.confirm`, {count: dryRun.matched, matched}),
            keepLabel: t(`${prefix}.keep`),
        });
        if (!confirmed) {
            return;
        }
        watch(await api('POST', path, {...body, dryRun: false, expectedCount: dryRun.matched}));
    } catch (e) {
        if (e.status !== 401) {
            notify(t(`${prefix}.failed`, {detail: e.detail}), 'error');
        }
    }
    emit('refresh:now');
}

/** Shows a job's progress until it ends, then what it did. */
function watch(job) {
    watched = job.id;
    $('bulk').hidden = true;
    showProgress(job);
    if (job.state === 'RUNNING') {
        setTimeout(() => poll(job.id), POLL_MS);
    } else {
        ended(job);
    }
}

async function poll(id) {
    try {
        watch(await api('GET', `api/bulk-jobs/${id}`));
    } catch (e) {
        watched = null;
        $('bulk-job').hidden = true;
        if (e.status !== 401) {
            notify(e.detail, 'error');
        }
    }
}

function showProgress(job) {
    $('bulk-job').hidden = false;
    $('bulk-job').dataset.state = job.state;
    $('bulk-job-text').textContent = t(`${PREFIXES[job.action]}.progress`, {percent: job.percent,
        changed: number(job.changed), requested: number(job.cancelRequested), matched: number(job.matched)});
    $('bulk-job-fill').style.width = `${job.percent}%`;
    $('bulk-job-bar').setAttribute('aria-valuenow', String(job.percent));
    $('bulk-job-stop').disabled = job.state !== 'RUNNING';
}

function ended(job) {
    watched = null;
    $('bulk-job').hidden = true;
    const prefix = PREFIXES[job.action];
    const values = {count: job.changed + job.cancelRequested, changed: number(job.changed),
        requested: number(job.cancelRequested)};
    if (job.state === 'SUCCEEDED') {
        notify(t(`${prefix}.done`, values), 'success');
    } else if (job.state === 'STOPPED') {
        notify(t('bulk.stopped', values), 'info');
    } else {
        notify(t(`${prefix}.failed`, {detail: job.error}), 'error');
    }
    emit('refresh:now');
}

async function stop() {
    if (watched !== null) {
        try {
            showProgress(await api('POST', `api/bulk-jobs/${watched}/stop`));
        } catch (e) {
            if (e.status !== 401) {
                notify(e.detail, 'error');
            }
        }
    }
}

export default {
    name: 'bulk',
    async mount() {
        $('bulk-retry').textContent = t('bulk.retry');
        $('bulk-cancel').textContent = t('bulk.cancel');
        $('bulk-job-stop').textContent = t('bulk.stop');
        $('bulk-retry').addEventListener('click', () => run('retry'));
        $('bulk-cancel').addEventListener('click', () => run('cancel'));
        $('bulk-job-stop').addEventListener('click', stop);
        on('tasks:loaded', render);
        if (session.me.canOperate) {
            // a job started before this page was loaded: show it until it ends
            const running = (await api('GET', 'api/bulk-jobs')).find((job) => job.state === 'RUNNING');
            if (running) {
                watch(running);
            }
        }
    },
};
