/*
 * Cancel and retry, from a task's row or its detail: asked first, then one API call, then a refresh.
 *
 * Text only through textContent: buttons and notices carry text nodes only.
 */
import {api} from '../api.js';
import {confirmAction} from '../confirm.js';
import {h} from '../dom.js';
import {emit} from '../events.js';
import {t} from '../i18n.js';
import {notify} from '../notice.js';
import {session} from '../state.js';
import {statusLabel} from '../widgets.js';

const CANCELLABLE = new Set(['WAITING', 'SCHEDULED', 'QUEUED', 'RUNNING']);
const RETRYABLE = new Set(['FAILED', 'CANCELLED']);

/** The buttons an operator may press for this task; none for a viewer. */
export function actionButtons(task, size) {
    if (!session.me.canOperate) {
        return null;
    }
    const cls = size === 'small' ? 'btn btn-small' : 'btn';
    const buttons = [];
    if (CANCELLABLE.has(task.status)) {
        buttons.push(h('button', {type: 'button', class: `${cls} btn-danger`, 'data-testid': 'cancel',
            'aria-label': t('action.cancelTask', {id: task.id}),
            onclick: (e) => { e.stopPropagation(); cancelTask(task.id, task.status); }}, t('action.cancel')));
    }
    if (RETRYABLE.has(task.status)) {
        buttons.push(h('button', {type: 'button', class: cls, 'data-testid': 'retry',
            'aria-label': t('action.retryTask', {id: task.id}),
            onclick: (e) => { e.stopPropagation(); retryTask(task.id, task.status); }}, t('action.retry')));
    }
    return buttons.length ? h('div', {class: 'actions'}, buttons) : null;
}

async function cancelTask(id, status) {
    const confirmed = await confirmAction({
        title: t('cancel.title', {id}),
        message: t(status === 'RUNNING' ? 'cancel.running' : 'cancel.queued'),
        confirmLabel: t('cancel.confirm'),
        keepLabel: t('cancel.keep'),
    });
    if (!confirmed) {
        return;
    }
    try {
        const result = await api('POST', `api/tasks/${id}/cancel`);
        notify(t(result.status === 'CANCELLED' ? 'cancel.done' : 'cancel.requested', {id}), 'success');
    } catch (e) {
        if (e.status !== 401) {
            notify(t('cancel.failed', {id, detail: e.detail}), 'error');
        }
    }
    emit('refresh:now');
}

async function retryTask(id, status) {
    const confirmed = await confirmAction({
        title: t('retry.title', {id}),
        message: t('retry.message', {status: statusLabel(status)}),
        confirmLabel: t('retry.confirm'),
        keepLabel: t('retry.keep'),
    });
    if (!confirmed) {
        return;
    }
    try {
        await api('POST', `api/tasks/${id}/retry`);
        notify(t('retry.done', {id}), 'success');
    } catch (e) {
        if (e.status !== 401) {
            notify(t('retry.failed', {id, detail: e.detail}), 'error');
        }
    }
    emit('refresh:now');
}
