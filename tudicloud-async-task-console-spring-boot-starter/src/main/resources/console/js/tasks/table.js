/*
 * The task table: one row per task, updated cell by cell so that buttons and focus survive a refresh;
 * the pager under it. Reads GET /api/tasks with the filters of the view state.
 *
 * Text only through textContent: every cell is built with h(), whose text children are text nodes.
 */
import {api} from '../api.js';
import {$, append, h, syncRows} from '../dom.js';
import {emit, on} from '../events.js';
import {duration, number, relative, shortTime, timeElement, timeTitle} from '../format.js';
import {t} from '../i18n.js';
import {notify} from '../notice.js';
import {ACTIVE, AWAITS_WORKER, listQuery, session, state, writeHash} from '../state.js';
import {badge, progressBar} from '../widgets.js';
import {actionButtons} from './actions.js';

/** Rows by task id. */
const rows = new Map();

const COLUMNS = [
    {
        name: 'id', cls: 'col-id mono',
        key: (task) => task.id,
        render: (task) => h('button', {type: 'button', class: 'link', 'data-testid': 'open',
            'aria-label': t('task.open', {id: task.id}), onclick: () => emit('task:open', task.id)}, `#${task.id}`),
    },
    {
        name: 'type', cls: 'col-type',
        key: (task) => task.taskType,
        render: (task) => h('span', {class: 'mono type-name', 'data-testid': 'task-type', title: task.taskType},
            task.taskType),
    },
    {name: 'status', key: (task) => task.status, render: (task) => badge(task.status)},
    {name: 'priority', cls: 'num', key: (task) => task.priority, render: (task) => String(task.priority)},
    {
        name: 'progress', cls: 'col-progress',
        key: (task) => [task.status, task.progress, task.progressMessage, task.artifactId, task.lastError,
            task.availableAt].join('\u0001'),
        render: (task) => progressOrResult(task),
    },
    {
        name: 'owner', cls: 'col-owner',
        key: (task) => task.ownerId,
        render: (task) => (task.ownerId ? h('span', {title: task.ownerId}, task.ownerId) : h('span', {class: 'muted'}, '—')),
    },
    {
        name: 'attempts', cls: 'num',
        key: (task) => `${task.attemptCount}/${task.maxAttempts}`,
        render: (task) => t('task.attemptsShort', {attempts: task.attemptCount, max: task.maxAttempts}),
    },
    {name: 'created', cls: 'col-time', key: (task) => task.createTime + shortTime(task.createTime),
        render: (task) => timeElement(task.createTime)},
    {name: 'updated', cls: 'col-time', key: (task) => task.updateTime + shortTime(task.updateTime),
        render: (task) => timeElement(task.updateTime)},
    {name: 'actions', cls: 'col-actions', key: (task) => `${session.me.canOperate}|${task.status}`,
        render: (task) => actionButtons(task, 'small')},
];

function progressOrResult(task) {
    if (ACTIVE.has(task.status)) {
        return progressBar(task);
    }
    if (task.status === 'FAILED' && task.lastError) {
        return h('span', {class: 'result-error', title: task.lastError}, task.lastError.split('\n')[0]);
    }
    if (task.status === 'SUCCESS') {
        return task.artifactId
            ? h('span', {class: 'result-ok', title: task.artifactId}, '→ ', h('span', {class: 'mono'}, task.artifactId))
            : h('span', {class: 'muted'}, t('task.done'));
    }
    if (AWAITS_WORKER.has(task.status)) {
        const due = new Date(task.availableAt);
        if (due.getTime() > Date.now() + 1000) {
            return h('span', {class: 'muted', title: timeTitle(task.availableAt)}, t('task.dueIn', {when: relative(task.availableAt)}));
        }
        return h('span', {class: 'muted'}, t(task.attemptCount > 0 ? 'task.waitingRetry' : 'task.waiting',
            {waited: duration(Date.now() - due.getTime())}));
    }
    return h('span', {class: 'muted'}, '—');
}

function newRow(task) {
    const tr = h('tr', {'data-task-id': task.id, tabindex: 0});
    const cells = {};
    for (const column of COLUMNS) {
        const td = h('td', {class: column.cls || null, 'data-col': column.name});
        tr.append(td);
        cells[column.name] = {td, key: undefined};
    }
    tr.addEventListener('click', (e) => {
        if (!e.target.closest('button, a, input')) {
            emit('task:open', Number(tr.dataset.taskId));
        }
    });
    tr.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' && e.target === tr) {
            emit('task:open', Number(tr.dataset.taskId));
        }
    });
    return {tr, cells};
}

function updateRow(row, task) {
    row.tr.dataset.status = task.status;
    row.tr.classList.toggle('selected', state.detailId === task.id);
    for (const column of COLUMNS) {
        const cell = row.cells[column.name];
        const key = String(column.key(task));
        if (cell.key !== key) {
            cell.td.replaceChildren();
            append(cell.td, [column.render(task)]);
            cell.key = key;
        }
    }
}

function render(page) {
    syncRows($('task-rows'), rows, page.items, (task) => task.id, (task, known) => {
        const row = known || newRow(task);
        updateRow(row, task);
        return row;
    });
    renderPager(page);
}

function renderPager(page) {
    $('table-empty').hidden = page.items.length > 0;
    const first = page.total === 0 ? 0 : page.page * page.size + 1;
    const last = page.page * page.size + page.items.length;
    // the server counts up to its list limit: beyond it, "of 10,000+"
    $('page-info').textContent = page.total === 0 ? t('pager.none')
        : t(page.totalCapped ? 'pager.rangeAtLeast' : 'pager.range',
            {first: number(first), last: number(last), total: number(page.total), count: page.total});
    $('page-info').dataset.total = String(page.total);
    const pages = Math.max(1, Math.ceil(page.total / page.size));
    $('page-number').textContent = t('pager.page', {page: number(page.page + 1), pages: number(pages)});
    $('page-prev').disabled = page.page === 0;
    $('page-next').disabled = page.page + 1 >= pages;
}

/** Marks the row of the open task. */
function markSelected(id) {
    for (const [rowId, row] of rows) {
        row.tr.classList.toggle('selected', rowId === id);
    }
}

let sequence = 0;

async function load() {
    const seq = ++sequence;
    const query = listQuery();
    try {
        const page = await api('GET', `api/tasks?${query}`);
        if (seq !== sequence) {
            return;   // the filters changed meanwhile; a newer answer is on its way
        }
        if (page.items.length === 0 && page.total > 0 && state.page > 0) {
            // the page ran out under us (tasks ended, filters narrowed): go to the last one
            state.page = Math.max(0, Math.ceil(page.total / state.size) - 1);
            writeHash();
            await load();
            return;
        }
        render(page);
        $('tasks').dataset.query = query;
        emit('tasks:loaded', {total: page.total, capped: page.totalCapped});
    } catch (e) {
        if (seq === sequence && e.status !== 401) {
            notify(e.detail, 'error');
        }
        throw e;
    }
}

export default {
    name: 'tasks',
    mount() {
        on('tasks:changed', () => load().catch(() => {}));
        on('task:selected', markSelected);
    },
    refresh: load,
};
