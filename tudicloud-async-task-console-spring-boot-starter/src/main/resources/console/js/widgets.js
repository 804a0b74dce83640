/*
 * Pieces several views show: the status badge and the progress bar.
 *
 * Text only through textContent: built with h(), whose text children are text nodes.
 */
import {h} from './dom.js';
import {t} from './i18n.js';

export const statusLabel = (status) => (status ? t(`status.${status}`) : '—');

export function badge(status) {
    return h('span', {class: `badge badge-${status}`, 'data-testid': 'status', 'data-status': status},
        statusLabel(status));
}

export function progressBar(task) {
    const known = task.progress !== null && task.progress !== undefined;
    const pct = known ? Math.max(0, Math.min(100, task.progress)) : 0;
    const fill = h('span', {class: 'progress-fill'});
    fill.style.width = `${pct}%`;
    const bar = h('span', {
        class: `progress ${known ? '' : 'progress-indeterminate'} progress-${task.status}`,
        role: 'progressbar', 'aria-valuemin': 0, 'aria-valuemax': 100, 'aria-label': t('task.progress'),
        'aria-valuenow': known ? pct : null, 'data-testid': 'progress',
    }, fill);
    return h('div', {class: 'progress-cell'},
        h('div', {class: 'progress-line'}, bar,
            h('span', {class: 'progress-pct', 'data-testid': 'progress-pct'}, known ? `${pct}%` : '…')),
        task.progressMessage ? h('div', {class: 'progress-msg', 'data-testid': 'progress-message',
            title: task.progressMessage}, task.progressMessage) : null);
}
