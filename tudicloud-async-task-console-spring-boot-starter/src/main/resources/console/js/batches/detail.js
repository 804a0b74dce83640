/*
 * The batch detail: a panel like the task detail's, for the batch named in the URL fragment (#batch=17),
 * read again every refresh round and redrawn only when something shown changed. It shows the progress, the
 * children per status, the callbacks (which end, their task types, the tasks once inserted) and the children
 * newest first, a page at a time (GET /api/tasks?batchId=, served by the batch's own index); a child or a
 * callback opens the task detail. Operators cancel an open batch, asked first.
 *
 * Text only through textContent: the panel is built with h(); batch and task data are text nodes.
 */
import {api} from '../api.js';
import {confirmAction} from '../confirm.js';
import {section, fields} from '../detail/fields.js';
import {$, h} from '../dom.js';
import {emit, on} from '../events.js';
import {number, timeElement} from '../format.js';
import {t} from '../i18n.js';
import {notify} from '../notice.js';
import {session, state, writeHash} from '../state.js';
import {badge} from '../widgets.js';
import {ENDED, batchBadge, batchProgress, childCounts} from './parts.js';

const CHILDREN_PAGE = 20;
const ENDS = ['SUCCESS', 'FAILURE', 'COMPLETE'];

let drawer = null;
let backdrop = null;
let childPage = 0;
let shownKey = null;

function build() {
    backdrop = h('div', {class: 'backdrop', hidden: true, onclick: close});
    drawer = h('aside', {id: 'batch-detail', class: 'drawer', 'aria-labelledby': 'batch-detail-title',
        'data-testid': 'batch-detail', hidden: true},
    h('header', {class: 'drawer-head'},
        h('div', null, h('h2', {id: 'batch-detail-title'}), h('div', {id: 'batch-detail-subtitle', class: 'muted small'})),
        h('button', {type: 'button', id: 'batch-detail-close', class: 'icon-btn', 'aria-label': t('detail.close'),
            onclick: close}, '×')),
    h('div', {id: 'batch-detail-body', class: 'drawer-body'}));
    document.body.append(backdrop, drawer);
}

function open(id) {
    emit('task:close');
    state.batchId = id;
    childPage = 0;
    shownKey = null;
    writeHash();
    drawer.dataset.batchId = String(id);
    $('batch-detail-title').textContent = t('batches.detailTitle', {id});
    $('batch-detail-subtitle').textContent = t('detail.loading');
    $('batch-detail-body').replaceChildren();
    drawer.hidden = false;
    backdrop.hidden = false;
    $('batch-detail-close').focus({preventScroll: true});
    load().catch(() => {});
}

function close() {
    if (drawer.hidden) {
        return;
    }
    state.batchId = null;
    writeHash();
    drawer.hidden = true;
    backdrop.hidden = true;
    delete drawer.dataset.batchId;
}

/** A link to a task's detail, which takes the batch detail's place. */
function taskLink(id, testid) {
    return h('button', {type: 'button', class: 'link mono', 'data-testid': testid, 'data-task-id': id,
        'aria-label': t('task.open', {id}), onclick: () => {
            close();
            emit('task:open', id);
        }}, `#${id}`);
}

function callbacks(batch) {
    const ends = ENDS.filter((end) => batch.callbackTypes[end]);
    return section('batches.callbacks', 'batch-callbacks', ends.length ? fields(...ends.map((end) => {
        const taskId = batch.callbackTasks[end];
        const task = taskId ? taskLink(taskId, 'callback-task')
            : h('span', {class: 'muted'}, t(ENDED.has(batch.state) ? 'batches.callback.notInserted' : 'batches.callback.waiting'));
        return [`batches.callback.${end}`, h('span', {'data-testid': 'batch-callback', 'data-end': end},
            h('span', {class: 'mono'}, batch.callbackTypes[end]), ' → ', task)];
    })) : h('p', {class: 'muted'}, t('batches.callbacks.none')));
}

function childRow(task) {
    return h('tr', {'data-task-id': task.id, 'data-testid': 'batch-child'},
        h('td', {class: 'col-id'}, taskLink(task.id, 'open-child')),
        h('td', null, badge(task.status)),
        h('td', {class: 'mono'}, task.taskType),
        h('td', {class: 'col-time'}, timeElement(task.createTime)));
}

function turnPage(delta) {
    childPage = Math.max(0, childPage + delta);
    load().catch(() => {});
}

function children(page) {
    const first = page.page * page.size + 1;
    const last = page.page * page.size + page.items.length;
    const info = page.total === 0 ? t('pager.none') : t(page.totalCapped ? 'pager.rangeAtLeast' : 'pager.range',
        {first: number(first), last: number(last), total: number(page.total), count: page.total});
    return section('batches.children', 'batch-children',
        h('table', {class: 'tasks'}, h('tbody', null, page.items.map(childRow))),
        h('div', {class: 'pager'}, h('span', {class: 'page-info', 'data-testid': 'batch-children-info'}, info),
            h('div', {class: 'pager-tools'},
                h('button', {type: 'button', class: 'btn btn-small', 'data-testid': 'batch-children-newer',
                    disabled: page.page === 0, onclick: () => turnPage(-1)}, t('batches.children.newer')),
                h('button', {type: 'button', class: 'btn btn-small', 'data-testid': 'batch-children-older',
                    disabled: last >= page.total, onclick: () => turnPage(1)}, t('batches.children.older')))));
}

async function cancel(batch) {
    const confirmed = await confirmAction({title: t('batches.cancel.title', {id: batch.id}),
        message: t('batches.cancel.message'), confirmLabel: t('batches.cancel.confirm'), keepLabel: t('batches.cancel.keep')});
    if (!confirmed) {
        return;
    }
    try {
        const result = await api('POST', `api/batches/${batch.id}/cancel`);
        notify(t('batches.cancel.done', {id: batch.id, state: t(`batches.state.${result.state}`)}), 'success');
    } catch (e) {
        if (e.status !== 401) {
            notify(t('batches.cancel.failed', {id: batch.id, detail: e.detail}), 'error');
        }
    }
    emit('refresh:now');
}

function actions(batch) {
    if (!session.me.canOperate || batch.state !== 'OPEN') {
        return null;
    }
    return h('div', {class: 'drawer-actions'}, h('button', {type: 'button', class: 'btn btn-danger',
        'data-testid': 'cancel-batch', onclick: () => cancel(batch)}, t('batches.cancel.button')));
}

function render(batch, page) {
    const key = JSON.stringify([batch, page, session.me.canOperate]);
    if (key === shownKey) {
        return;
    }
    shownKey = key;
    drawer.dataset.state = batch.state;
    $('batch-detail-title').replaceChildren(t('batches.detailTitle', {id: batch.id}), ' ', batchBadge(batch));
    $('batch-detail-subtitle').replaceChildren(batch.ownerId ? t('batches.owner', {owner: batch.ownerId}) : '');
    $('batch-detail-body').replaceChildren(...[actions(batch),
        section('detail.progress', 'batch-progress-section', batchProgress(batch), childCounts(batch)),
        section('detail.timings', 'batch-timings', fields(['batches.column.created', timeElement(batch.createdAt, 'full')],
            ['batches.column.ended', timeElement(batch.finishedAt, 'full')])),
        callbacks(batch),
        children(page)].filter(Boolean));
}

let sequence = 0;

async function load() {
    const id = state.batchId;
    if (!id || !drawer || drawer.hidden) {
        return;
    }
    const seq = ++sequence;
    const query = new URLSearchParams({batchId: String(id), sort: 'createTime,desc', page: String(childPage),
        size: String(CHILDREN_PAGE)});
    try {
        const [batch, page] = await Promise.all([api('GET', `api/batches/${id}`), api('GET', `api/tasks?${query}`)]);
        if (seq === sequence && state.batchId === id) {
            render(batch, page);
        }
    } catch (e) {
        if (seq === sequence && state.batchId === id && e.status !== 401) {
            shownKey = null;
            $('batch-detail-subtitle').textContent = '';
            $('batch-detail-body').replaceChildren(h('p', {class: 'form-error', 'data-testid': 'batch-detail-error'}, e.detail));
        }
        throw e;
    }
}

export default {
    name: 'batchDetail',
    mount() {
        build();
        document.addEventListener('keydown', (e) => {
            if (e.key === 'Escape' && !drawer.hidden && !document.querySelector('dialog[open]')) {
                close();
            }
        });
        on('batch:open', open);
        on('batch:close', close);
        on('task:selected', (id) => {
            if (id) close();
        });
        if (state.batchId) {
            open(state.batchId);
        }
    },
    refresh: load,
};
