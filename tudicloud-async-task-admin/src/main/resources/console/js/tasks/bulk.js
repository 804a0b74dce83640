/*
 * "All N matching": an operator retries or cancels every task the list's filters match, not only the
 * page shown. The bar shows N from the list's total; pressing a button first asks the server for a dry
 * run, which counts what the action would take now, and the confirmation names that count. Then one
 * call does it, in bounded batches on the server.
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
    retry: {path: '/api/tasks/bulk-retry', statuses: new Set(['FAILED', 'CANCELLED'])},
    cancel: {path: '/api/tasks/bulk-cancel', statuses: new Set(['SCHEDULED', 'QUEUED', 'RUNNING'])},
};

/** The filters as the action's body: the statuses chosen among those it takes; null when it takes none of them. */
function bodyFor(action) {
    const body = filterBody();
    if (body.statuses.length) {
        body.statuses = body.statuses.filter((status) => ACTIONS[action].statuses.has(status));
        if (!body.statuses.length) {
            return null;
        }
    }
    return body;
}

function render(total) {
    const bar = $('bulk');
    bar.hidden = !session.me.canOperate || total === 0;
    $('bulk-text').textContent = t('bulk.matching', {count: total, total: number(total)});
    $('bulk-retry').disabled = bodyFor('retry') === null;
    $('bulk-cancel').disabled = bodyFor('cancel') === null;
}

async function run(action) {
    const body = bodyFor(action);
    if (!body) {
        return;
    }
    const prefix = action === 'retry' ? 'bulkRetry' : 'bulkCancel';
    try {
        const dryRun = await api('POST', ACTIONS[action].path, {...body, dryRun: true});
        if (dryRun.matched === 0) {
            notify(t(`${prefix}.none`), 'info');
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
        const result = await api('POST', ACTIONS[action].path, {...body, dryRun: false});
        notify(t(`${prefix}.done`, {count: result.changed + result.cancelRequested, changed: number(result.changed),
            requested: number(result.cancelRequested)}), 'success');
    } catch (e) {
        if (e.status !== 401) {
            notify(t(`${prefix}.failed`, {detail: e.detail}), 'error');
        }
    }
    emit('refresh:now');
}

export default {
    name: 'bulk',
    mount() {
        $('bulk-retry').textContent = t('bulk.retry');
        $('bulk-cancel').textContent = t('bulk.cancel');
        $('bulk-retry').addEventListener('click', () => run('retry'));
        $('bulk-cancel').addEventListener('click', () => run('cancel'));
        on('tasks:loaded', render);
    },
};
