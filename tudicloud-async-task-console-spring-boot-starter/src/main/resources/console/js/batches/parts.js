/*
 * Pieces the batch table and the batch detail both show: the state badge, the progress bar with the
 * ended children of all, and the children counted per status.
 *
 * Text only through textContent: built with h(), whose text children are text nodes.
 */
import {h} from '../dom.js';
import {number} from '../format.js';
import {t} from '../i18n.js';
import {STATUSES} from '../state.js';
import {badge, progressBar} from '../widgets.js';

export const BATCH_STATES = ['OPEN', 'CANCELLING', 'SUCCEEDED', 'FAILED', 'CANCELLED'];
export const ENDED = new Set(['SUCCEEDED', 'FAILED', 'CANCELLED']);

/** The task status whose colours a batch state wears. */
const LOOK = {OPEN: 'RUNNING', CANCELLING: 'CANCEL_REQUESTED', SUCCEEDED: 'SUCCESS', FAILED: 'FAILED',
    CANCELLED: 'CANCELLED'};

export function batchBadge(batch) {
    return h('span', {class: `badge badge-${LOOK[batch.state]}`, 'data-testid': 'batch-state', 'data-state': batch.state},
        t(`batches.state.${batch.state}`));
}

/** Children that can run no more. */
const ended = (batch) => ['SUCCESS', 'FAILED', 'CANCELLED'].reduce((sum, status) => sum + (batch.children[status] || 0), 0);

/** The task progress bar, filled to the ended share, labelled "done of total". */
export function batchProgress(batch) {
    return h('div', {'data-testid': 'batch-progress', 'data-done': ended(batch), 'data-total': batch.total},
        progressBar({progress: batch.progressPercent, status: LOOK[batch.state],
            progressMessage: t('batches.done', {done: number(ended(batch)), total: number(batch.total)})}));
}

/** One status badge and count per status that has children, in the order of the task statuses. */
export function childCounts(batch) {
    return h('span', {class: 'counts', 'data-testid': 'batch-counts'},
        STATUSES.filter((status) => batch.children[status] > 0).map((status) =>
            h('span', {class: 'count', 'data-testid': 'batch-count', 'data-status': status},
                badge(status), ' ', number(batch.children[status]))));
}
