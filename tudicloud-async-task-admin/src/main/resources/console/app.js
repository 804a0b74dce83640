/*
 * The tudicloud async-task web console: a static page over the admin REST API (/api).
 *
 * No framework and no build step. Every piece of task data reaches the page through textContent or
 * setAttribute, never through innerHTML: payloads, owners and errors are user input.
 *
 * The view state (filters, sort, page, open task) lives in the URL fragment, so a reload or a shared
 * link shows the same view; the auto-refresh reloads it every 2 seconds and keeps it.
 */
(function () {
    'use strict';

    const STATUSES = ['SCHEDULED', 'QUEUED', 'RUNNING', 'SUCCESS', 'FAILED', 'CANCEL_REQUESTED', 'CANCELLED'];
    const CANCELLABLE = new Set(['SCHEDULED', 'QUEUED', 'RUNNING']);
    const RETRYABLE = new Set(['FAILED', 'CANCELLED']);
    const ACTIVE = new Set(['RUNNING', 'CANCEL_REQUESTED']);
    const SORT_FIELDS = ['createTime', 'updateTime', 'priority', 'status'];
    const PAGE_SIZES = [10, 20, 50, 100, 200];
    const REFRESH_MS = 2000;

    // ---------------------------------------------------------------- small DOM helpers

    const $ = (id) => document.getElementById(id);

    /** h('span', {class: 'x', 'data-testid': 'y'}, 'text', childNode, ...): text children become text nodes. */
    function h(tag, attrs, ...children) {
        const el = document.createElement(tag);
        if (attrs) {
            for (const [name, value] of Object.entries(attrs)) {
                if (value === null || value === undefined || value === false) {
                    continue;
                }
                if (name.startsWith('on') && typeof value === 'function') {
                    el.addEventListener(name.slice(2), value);
                } else {
                    el.setAttribute(name, value === true ? '' : String(value));
                }
            }
        }
        append(el, children);
        return el;
    }

    function append(el, children) {
        for (const child of children) {
            if (child === null || child === undefined || child === false) {
                continue;
            }
            if (Array.isArray(child)) {
                append(el, child);
            } else {
                el.append(child instanceof Node ? child : document.createTextNode(String(child)));
            }
        }
    }

    // ---------------------------------------------------------------- formatting

    const pad = (n) => String(n).padStart(2, '0');

    function parseTime(iso) {
        return iso ? new Date(iso) : null;
    }

    /** 14:03:21 today, else 2026-11-28 14:03. */
    function shortTime(iso) {
        const d = parseTime(iso);
        if (!d) {
            return '—';
        }
        const time = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
        const now = new Date();
        if (d.toDateString() === now.toDateString()) {
            return time;
        }
        return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
    }

    /** 2026-11-28 14:03:21.123 in the browser's time zone. */
    function fullTime(iso) {
        const d = parseTime(iso);
        if (!d) {
            return '—';
        }
        return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} `
            + `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${String(d.getMilliseconds()).padStart(3, '0')}`;
    }

    function duration(ms) {
        if (ms === null || ms === undefined) {
            return '—';
        }
        const abs = Math.abs(ms);
        if (abs < 1000) {
            return `${Math.round(ms)} ms`;
        }
        if (abs < 60_000) {
            return `${(ms / 1000).toFixed(abs < 10_000 ? 1 : 0)} s`;
        }
        if (abs < 3_600_000) {
            return `${Math.floor(ms / 60_000)} min ${Math.floor((abs % 60_000) / 1000)} s`;
        }
        if (abs < 86_400_000) {
            return `${Math.floor(ms / 3_600_000)} h ${Math.floor((abs % 3_600_000) / 60_000)} min`;
        }
        return `${Math.floor(ms / 86_400_000)} d ${Math.floor((abs % 86_400_000) / 3_600_000)} h`;
    }

    function relative(iso) {
        const d = parseTime(iso);
        if (!d) {
            return '—';
        }
        const ms = Date.now() - d.getTime();
        if (ms < 0) {
            return `in ${duration(-ms)}`;
        }
        return ms < 1000 ? 'just now' : `${duration(ms)} ago`;
    }

    function statusLabel(status) {
        return status ? status.replace('_', ' ') : '—';
    }

    function badge(status) {
        return h('span', {class: `badge badge-${status}`, 'data-testid': 'status', 'data-status': status},
            statusLabel(status));
    }

    function progressBar(task) {
        const known = task.progress !== null && task.progress !== undefined;
        const pct = known ? Math.max(0, Math.min(100, task.progress)) : 0;
        const fill = h('span', {class: 'progress-fill'});
        fill.style.width = `${pct}%`;
        const bar = h('span', {
            class: `progress ${known ? '' : 'progress-indeterminate'} progress-${task.status}`,
            role: 'progressbar', 'aria-valuemin': 0, 'aria-valuemax': 100,
            'aria-valuenow': known ? pct : null, 'data-testid': 'progress',
        }, fill);
        return h('div', {class: 'progress-cell'},
            h('div', {class: 'progress-line'}, bar,
                h('span', {class: 'progress-pct', 'data-testid': 'progress-pct'}, known ? `${pct}%` : '…')),
            task.progressMessage ? h('div', {class: 'progress-msg', 'data-testid': 'progress-message',
                title: task.progressMessage}, task.progressMessage) : null);
    }

    // ---------------------------------------------------------------- JSON with colours (no innerHTML)

    const JSON_TOKEN = /("(?:\\.|[^"\\])*")(\s*:)?|\b(true|false|null)\b|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g;

    function jsonView(value) {
        const text = JSON.stringify(value, null, 2);
        const pre = h('pre', {class: 'code json', 'data-testid': 'payload'});
        let last = 0;
        for (const match of text.matchAll(JSON_TOKEN)) {
            if (match.index > last) {
                pre.append(text.slice(last, match.index));
            }
            let cls;
            if (match[1]) {
                cls = match[2] ? 'j-key' : 'j-str';
            } else if (match[3]) {
                cls = 'j-lit';
            } else {
                cls = 'j-num';
            }
            if (match[1] && match[2]) {
                pre.append(h('span', {class: cls}, match[1]), match[2]);
            } else {
                pre.append(h('span', {class: cls}, match[0]));
            }
            last = match.index + match[0].length;
        }
        if (last < text.length) {
            pre.append(text.slice(last));
        }
        return pre;
    }

    // ---------------------------------------------------------------- the API

    class ApiError extends Error {
        constructor(status, detail) {
            super(detail);
            this.status = status;
            this.detail = detail;
        }
    }

    function cookie(name) {
        for (const part of document.cookie.split(';')) {
            const [key, ...rest] = part.trim().split('=');
            if (key === name) {
                return decodeURIComponent(rest.join('='));
            }
        }
        return null;
    }

    let leaving = false;

    function toLogin() {
        if (!leaving) {
            leaving = true;
            window.location.assign('/login');
        }
    }

    /** Calls the API; a 401 goes to the login page, any other failure throws an ApiError with the problem's detail. */
    async function api(method, path, body) {
        const headers = {Accept: 'application/json, application/problem+json'};
        if (method !== 'GET') {
            let token = cookie('XSRF-TOKEN');
            if (!token) {
                // the token cookie comes with any response; ask for one before the first write
                await fetch('/api/me', {headers, credentials: 'same-origin'});
                token = cookie('XSRF-TOKEN');
            }
            if (token) {
                headers['X-XSRF-TOKEN'] = token;
            }
        }
        if (body !== undefined) {
            headers['Content-Type'] = 'application/json';
        }
        let response;
        try {
            response = await fetch(path, {
                method, headers, credentials: 'same-origin',
                body: body === undefined ? undefined : JSON.stringify(body),
            });
        } catch (e) {
            throw new ApiError(0, 'The server cannot be reached');
        }
        if (response.status === 401) {
            toLogin();
            throw new ApiError(401, 'Not logged in');
        }
        const text = await response.text();
        let json = null;
        if (text) {
            try {
                json = JSON.parse(text);
            } catch (e) {
                json = null;
            }
        }
        if (!response.ok) {
            const detail = (json && (json.detail || json.title)) || `HTTP ${response.status} ${response.statusText}`;
            throw new ApiError(response.status, detail);
        }
        if (json === null && text && response.headers.get('content-type')?.includes('text/html')) {
            // a redirect to the login page answered instead of the API: the session is gone
            toLogin();
            throw new ApiError(401, 'Not logged in');
        }
        return json;
    }

    // ---------------------------------------------------------------- view state, kept in the URL fragment

    const state = {
        statuses: new Set(),
        taskType: '',
        ownerId: '',
        createdFrom: '',   // datetime-local values, in the browser's time zone
        createdTo: '',
        sort: 'createTime',
        direction: 'desc',
        page: 0,
        size: 20,
        detailId: null,
        auto: true,
    };

    let me = {username: '', roles: [], canOperate: false, submittableTaskTypes: []};

    function readHash() {
        const params = new URLSearchParams(window.location.hash.replace(/^#/, ''));
        state.statuses = new Set(params.getAll('status').filter((s) => STATUSES.includes(s)));
        state.taskType = params.get('taskType') || '';
        state.ownerId = params.get('ownerId') || '';
        state.createdFrom = params.get('createdFrom') || '';
        state.createdTo = params.get('createdTo') || '';
        const [field, direction] = (params.get('sort') || 'createTime,desc').split(',');
        state.sort = SORT_FIELDS.includes(field) ? field : 'createTime';
        state.direction = direction === 'asc' ? 'asc' : 'desc';
        state.page = Math.max(0, parseInt(params.get('page') || '0', 10) || 0);
        const size = parseInt(params.get('size') || '20', 10);
        state.size = PAGE_SIZES.includes(size) ? size : 20;
        const task = parseInt(params.get('task') || '', 10);
        state.detailId = Number.isFinite(task) && task > 0 ? task : null;
        state.auto = params.get('auto') !== 'off';
    }

    function writeHash() {
        const params = new URLSearchParams();
        for (const status of STATUSES) {
            if (state.statuses.has(status)) {
                params.append('status', status);
            }
        }
        if (state.taskType) params.set('taskType', state.taskType);
        if (state.ownerId) params.set('ownerId', state.ownerId);
        if (state.createdFrom) params.set('createdFrom', state.createdFrom);
        if (state.createdTo) params.set('createdTo', state.createdTo);
        if (state.sort !== 'createTime' || state.direction !== 'desc') params.set('sort', `${state.sort},${state.direction}`);
        if (state.page) params.set('page', String(state.page));
        if (state.size !== 20) params.set('size', String(state.size));
        if (state.detailId) params.set('task', String(state.detailId));
        if (!state.auto) params.set('auto', 'off');
        const hash = params.toString();
        history.replaceState(null, '', hash ? `#${hash}` : window.location.pathname + window.location.search);
    }

    /** The list query for the current filters; the datetime-local values become ISO instants. */
    function listQuery() {
        const params = new URLSearchParams();
        for (const status of STATUSES) {
            if (state.statuses.has(status)) {
                params.append('status', status);
            }
        }
        if (state.taskType.trim()) params.set('taskType', state.taskType.trim());
        if (state.ownerId.trim()) params.set('ownerId', state.ownerId.trim());
        const from = toInstant(state.createdFrom);
        const to = toInstant(state.createdTo);
        if (from) params.set('createdFrom', from);
        if (to) params.set('createdTo', to);
        params.set('sort', `${state.sort},${state.direction}`);
        params.set('page', String(state.page));
        params.set('size', String(state.size));
        return params.toString();
    }

    function toInstant(localValue) {
        if (!localValue) {
            return null;
        }
        const d = new Date(localValue);
        return Number.isNaN(d.getTime()) ? null : d.toISOString();
    }

    // ---------------------------------------------------------------- notices

    let noticeTimer = null;

    function notify(text, kind) {
        clearTimeout(noticeTimer);
        const notice = $('notice');
        notice.className = `notice notice-${kind || 'info'}`;
        notice.dataset.kind = kind || 'info';
        $('notice-text').textContent = text;
        notice.hidden = false;
        if (kind !== 'error') {
            noticeTimer = setTimeout(() => { notice.hidden = true; }, 5000);
        }
    }

    // ---------------------------------------------------------------- filters

    function renderStatusChips() {
        const box = $('status-filter');
        box.replaceChildren();
        for (const status of STATUSES) {
            const input = h('input', {type: 'checkbox', id: `filter-status-${status}`, value: status,
                'data-testid': `filter-status-${status}`});
            input.checked = state.statuses.has(status);
            input.addEventListener('change', () => {
                if (input.checked) {
                    state.statuses.add(status);
                } else {
                    state.statuses.delete(status);
                }
                filtersChanged();
            });
            box.append(h('label', {class: `chip chip-${status}`, for: `filter-status-${status}`},
                input, h('span', {class: 'chip-dot', 'aria-hidden': 'true'}), statusLabel(status)));
        }
    }

    function syncFilterInputs() {
        for (const status of STATUSES) {
            $(`filter-status-${status}`).checked = state.statuses.has(status);
        }
        $('filter-task-type').value = state.taskType;
        $('filter-owner').value = state.ownerId;
        $('filter-created-from').value = state.createdFrom;
        $('filter-created-to').value = state.createdTo;
        $('page-size').value = String(state.size);
        $('auto-refresh').checked = state.auto;
        for (const th of document.querySelectorAll('th[data-sort]')) {
            const field = th.dataset.sort;
            th.setAttribute('aria-sort', field === state.sort
                ? (state.direction === 'asc' ? 'ascending' : 'descending') : 'none');
        }
    }

    function filtersChanged() {
        state.page = 0;
        viewChanged();
    }

    function viewChanged() {
        writeHash();
        syncFilterInputs();
        loadTasks();
    }

    function debounce(fn, ms) {
        let timer = null;
        return (...args) => {
            clearTimeout(timer);
            timer = setTimeout(() => fn(...args), ms);
        };
    }

    function bindTextFilter(id, key) {
        const input = $(id);
        const apply = () => {
            if (state[key] !== input.value) {
                state[key] = input.value;
                filtersChanged();
            }
        };
        const later = debounce(apply, 350);
        input.addEventListener('input', later);
        input.addEventListener('change', apply);
        input.addEventListener('keydown', (e) => {
            if (e.key === 'Enter') {
                e.preventDefault();
                apply();
            }
        });
    }

    function bindFilters() {
        bindTextFilter('filter-task-type', 'taskType');
        bindTextFilter('filter-owner', 'ownerId');
        bindTextFilter('filter-created-from', 'createdFrom');
        bindTextFilter('filter-created-to', 'createdTo');
        $('filters').addEventListener('submit', (e) => e.preventDefault());
        $('filter-clear').addEventListener('click', () => {
            state.statuses.clear();
            state.taskType = '';
            state.ownerId = '';
            state.createdFrom = '';
            state.createdTo = '';
            filtersChanged();
        });
        for (const th of document.querySelectorAll('th[data-sort]')) {
            th.querySelector('button').addEventListener('click', () => {
                const field = th.dataset.sort;
                if (state.sort === field) {
                    state.direction = state.direction === 'desc' ? 'asc' : 'desc';
                } else {
                    state.sort = field;
                    state.direction = 'desc';
                }
                state.page = 0;
                viewChanged();
            });
        }
        $('page-size').addEventListener('change', () => {
            state.size = parseInt($('page-size').value, 10);
            state.page = 0;
            viewChanged();
        });
        $('page-prev').addEventListener('click', () => {
            if (state.page > 0) {
                state.page -= 1;
                viewChanged();
            }
        });
        $('page-next').addEventListener('click', () => {
            state.page += 1;
            viewChanged();
        });
        $('auto-refresh').addEventListener('change', () => {
            state.auto = $('auto-refresh').checked;
            writeHash();
            schedule();
            renderRefreshState();
        });
        $('notice-close').addEventListener('click', () => { $('notice').hidden = true; });
    }

    // ---------------------------------------------------------------- the task table

    /** One row per task id, updated cell by cell so that buttons stay the same elements across refreshes. */
    const rows = new Map();

    const COLUMNS = [
        {
            name: 'id', cls: 'col-id mono',
            key: (t) => t.id,
            render: (t) => h('button', {type: 'button', class: 'link', 'data-testid': 'open',
                title: 'Show details', onclick: () => openDetail(t.id)}, `#${t.id}`),
        },
        {
            name: 'type', cls: 'col-type',
            key: (t) => t.taskType,
            render: (t) => h('span', {class: 'mono type-name', 'data-testid': 'task-type', title: t.taskType}, t.taskType),
        },
        {name: 'status', key: (t) => t.status, render: (t) => badge(t.status)},
        {name: 'priority', cls: 'num', key: (t) => t.priority, render: (t) => String(t.priority)},
        {
            name: 'progress', cls: 'col-progress',
            key: (t) => [t.status, t.progress, t.progressMessage, t.artifactId, t.lastError, t.availableAt].join('\u0001'),
            render: (t) => progressOrResult(t),
        },
        {
            name: 'owner', cls: 'col-owner',
            key: (t) => t.ownerId,
            render: (t) => t.ownerId ? h('span', {title: t.ownerId}, t.ownerId) : h('span', {class: 'muted'}, '—'),
        },
        {name: 'attempts', cls: 'num', key: (t) => `${t.attemptCount}/${t.maxAttempts}`, render: (t) => `${t.attemptCount} / ${t.maxAttempts}`},
        {
            name: 'created', cls: 'col-time',
            key: (t) => t.createTime + shortTime(t.createTime),
            render: (t) => h('time', {datetime: t.createTime, title: fullTime(t.createTime)}, shortTime(t.createTime)),
        },
        {
            name: 'updated', cls: 'col-time',
            key: (t) => t.updateTime + shortTime(t.updateTime),
            render: (t) => h('time', {datetime: t.updateTime, title: fullTime(t.updateTime)}, shortTime(t.updateTime)),
        },
        {
            name: 'actions', cls: 'col-actions',
            key: (t) => `${me.canOperate}|${t.status}`,
            render: (t) => actionButtons(t, 'small'),
        },
    ];

    function progressOrResult(t) {
        if (ACTIVE.has(t.status)) {
            return progressBar(t);
        }
        if (t.status === 'FAILED' && t.lastError) {
            return h('span', {class: 'result-error', title: t.lastError}, t.lastError);
        }
        if (t.status === 'SUCCESS') {
            return t.artifactId
                ? h('span', {class: 'result-ok', title: t.artifactId}, '→ ', h('span', {class: 'mono'}, t.artifactId))
                : h('span', {class: 'muted'}, 'done');
        }
        if (t.status === 'SCHEDULED' || t.status === 'QUEUED') {
            const due = parseTime(t.availableAt);
            if (due && due.getTime() > Date.now() + 1000) {
                return h('span', {class: 'muted', title: `due ${fullTime(t.availableAt)}`}, `due ${relative(t.availableAt)}`);
            }
            return h('span', {class: 'muted'}, t.attemptCount > 0 ? 'waiting to retry' : 'waiting');
        }
        return h('span', {class: 'muted'}, '—');
    }

    function actionButtons(t, size) {
        if (!me.canOperate) {
            return null;
        }
        const cls = size === 'small' ? 'btn btn-small' : 'btn';
        const buttons = [];
        if (CANCELLABLE.has(t.status)) {
            buttons.push(h('button', {type: 'button', class: `${cls} btn-danger`, 'data-testid': 'cancel',
                onclick: (e) => { e.stopPropagation(); cancelTask(t.id, t.status); }}, 'Cancel'));
        }
        if (RETRYABLE.has(t.status)) {
            buttons.push(h('button', {type: 'button', class: cls, 'data-testid': 'retry',
                onclick: (e) => { e.stopPropagation(); retryTask(t.id, t.status); }}, 'Retry'));
        }
        return buttons.length ? h('div', {class: 'actions'}, buttons) : null;
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
                openDetail(Number(tr.dataset.taskId));
            }
        });
        tr.addEventListener('keydown', (e) => {
            if (e.key === 'Enter' && e.target === tr) {
                openDetail(Number(tr.dataset.taskId));
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

    function renderTasks(page) {
        const body = $('task-rows');
        const seen = new Set();
        let previous = null;
        for (const task of page.items) {
            seen.add(task.id);
            let row = rows.get(task.id);
            if (!row) {
                row = newRow(task);
                rows.set(task.id, row);
            }
            updateRow(row, task);
            const expected = previous ? previous.nextSibling : body.firstChild;
            if (expected !== row.tr) {
                body.insertBefore(row.tr, expected);
            }
            previous = row.tr;
        }
        for (const [id, row] of rows) {
            if (!seen.has(id)) {
                row.tr.remove();
                rows.delete(id);
            }
        }
        $('table-empty').hidden = page.items.length > 0;
        const first = page.total === 0 ? 0 : page.page * page.size + 1;
        const last = page.page * page.size + page.items.length;
        $('page-info').textContent = page.total === 0
            ? 'No tasks'
            : `${first.toLocaleString()}–${last.toLocaleString()} of ${page.total.toLocaleString()} tasks`;
        $('page-info').dataset.total = String(page.total);
        const pages = Math.max(1, Math.ceil(page.total / page.size));
        $('page-number').textContent = `Page ${page.page + 1} of ${pages.toLocaleString()}`;
        $('page-prev').disabled = page.page === 0;
        $('page-next').disabled = page.page + 1 >= pages;
    }

    let taskSeq = 0;

    async function loadTasks() {
        const seq = ++taskSeq;
        const query = listQuery();
        try {
            const page = await api('GET', `/api/tasks?${query}`);
            if (seq !== taskSeq) {
                return;   // the filters changed meanwhile; a newer answer is on its way
            }
            if (page.items.length === 0 && page.total > 0 && state.page > 0) {
                // the page ran out under us (tasks ended, filters narrowed): go to the last one
                state.page = Math.max(0, Math.ceil(page.total / state.size) - 1);
                writeHash();
                return loadTasks();
            }
            renderTasks(page);
            $('tasks').dataset.query = query;
            $('tasks').removeAttribute('aria-busy');
        } catch (e) {
            if (seq === taskSeq && e.status !== 401) {
                notify(e.detail, 'error');
            }
            throw e;
        }
    }

    // ---------------------------------------------------------------- cancel, retry, submit

    async function cancelTask(id, status) {
        const what = status === 'RUNNING'
            ? `Cancel task #${id}? It is running; its worker will interrupt it at its next heartbeat.`
            : `Cancel task #${id}? It will not run.`;
        if (!window.confirm(what)) {
            return;
        }
        try {
            const result = await api('POST', `/api/tasks/${id}/cancel`);
            notify(result.status === 'CANCELLED' ? `Task #${id} cancelled.`
                : `Cancel requested for task #${id}; it stops at its worker's next heartbeat.`, 'success');
        } catch (e) {
            if (e.status !== 401) {
                notify(`Could not cancel task #${id}: ${e.detail}`, 'error');
            }
        }
        refreshNow();
    }

    async function retryTask(id, status) {
        if (!window.confirm(`Retry task #${id} (${statusLabel(status)})? It runs again with a fresh attempt budget.`)) {
            return;
        }
        try {
            await api('POST', `/api/tasks/${id}/retry`);
            notify(`Task #${id} queued again.`, 'success');
        } catch (e) {
            if (e.status !== 401) {
                notify(`Could not retry task #${id}: ${e.detail}`, 'error');
            }
        }
        refreshNow();
    }

    function openSubmitDialog() {
        const select = $('submit-task-type');
        const current = select.value;
        select.replaceChildren(...me.submittableTaskTypes.map((type) => h('option', {value: type}, type)));
        if (me.submittableTaskTypes.includes(current)) {
            select.value = current;
        }
        $('submit-error').hidden = true;
        $('submit-dialog').showModal();
        select.focus();
    }

    function numberField(id, name) {
        const raw = $(id).value.trim();
        if (raw === '') {
            return undefined;
        }
        const value = Number(raw);
        if (!Number.isInteger(value)) {
            throw new Error(`${name}: must be a whole number`);
        }
        return value;
    }

    async function submitTask(event) {
        event.preventDefault();
        const error = $('submit-error');
        error.hidden = true;
        let body;
        try {
            body = {taskType: $('submit-task-type').value};
            const payloadText = $('submit-payload').value.trim();
            if (payloadText) {
                try {
                    body.payload = JSON.parse(payloadText);
                } catch (e) {
                    throw new Error(`payload: not valid JSON (${e.message})`);
                }
            }
            const priority = numberField('submit-priority', 'priority');
            const delayMs = numberField('submit-delay', 'delay');
            const maxAttempts = numberField('submit-max-attempts', 'max attempts');
            if (priority !== undefined) body.priority = priority;
            if (delayMs) body.delayMs = delayMs;
            if (maxAttempts !== undefined) body.maxAttempts = maxAttempts;
            const owner = $('submit-owner').value.trim();
            const dedupKey = $('submit-dedup-key').value.trim();
            if (owner) body.ownerId = owner;
            if (dedupKey) body.dedupKey = dedupKey;
        } catch (e) {
            error.textContent = e.message;
            error.hidden = false;
            return;
        }
        $('submit-send').disabled = true;
        try {
            const task = await api('POST', '/api/tasks', body);
            $('submit-dialog').close();
            notify(`Submitted task #${task.id} (${task.taskType}).`, 'success');
            refreshNow();
        } catch (e) {
            if (e.status !== 401) {
                error.textContent = e.detail;
                error.hidden = false;
            }
        } finally {
            $('submit-send').disabled = false;
        }
    }

    function bindSubmit() {
        $('new-task').addEventListener('click', openSubmitDialog);
        $('submit-form').addEventListener('submit', submitTask);
        $('submit-cancel').addEventListener('click', () => $('submit-dialog').close());
        $('submit-cancel-x').addEventListener('click', () => $('submit-dialog').close());
    }

    // ---------------------------------------------------------------- the detail drawer

    function openDetail(id) {
        state.detailId = id;
        writeHash();
        for (const [rowId, row] of rows) {
            row.tr.classList.toggle('selected', rowId === id);
        }
        $('detail').dataset.taskId = String(id);
        $('detail-title').textContent = `Task #${id}`;
        $('detail-subtitle').textContent = 'Loading…';
        $('detail-body').replaceChildren();
        detailKey = null;
        $('detail').hidden = false;
        $('detail-backdrop').hidden = false;
        $('detail-close').focus({preventScroll: true});
        loadDetail().catch(() => {});
    }

    function closeDetail() {
        state.detailId = null;
        writeHash();
        $('detail').hidden = true;
        $('detail-backdrop').hidden = true;
        delete $('detail').dataset.taskId;
        for (const row of rows.values()) {
            row.tr.classList.remove('selected');
        }
    }

    function field(label, value, attrs) {
        const shown = value === null || value === undefined || value === ''
            ? h('span', {class: 'muted'}, '—') : value;
        return [h('dt', null, label), h('dd', attrs || null, shown)];
    }

    function timeField(label, iso, testid, note) {
        return field(label, iso ? h('span', null, fullTime(iso), note ? h('span', {class: 'muted'}, ` · ${note}`) : null)
            : null, {'data-testid': testid});
    }

    let detailKey = null;
    /** The payload and error blocks survive redraws while they are unchanged, so that a selection in them does too. */
    const kept = {payload: null, payloadKey: null, error: null, errorKey: null};

    function keptBlock(name, key, build) {
        if (kept[`${name}Key`] !== key || !kept[name]) {
            kept[name] = build();
            kept[`${name}Key`] = key;
        }
        return kept[name];
    }

    function renderDetail(task) {
        // the lease moves with every heartbeat; redraw only when something shown changed
        const key = JSON.stringify(task) + me.canOperate;
        if (key === detailKey) {
            return;
        }
        detailKey = key;
        $('detail').dataset.status = task.status;
        $('detail-title').replaceChildren(`Task #${task.id} `, badge(task.status));
        $('detail-subtitle').replaceChildren(h('span', {class: 'mono'}, task.taskType));

        const sections = [];
        const actions = actionButtons(task, 'normal');
        if (actions) {
            sections.push(h('div', {class: 'drawer-actions'}, actions));
        }
        if (ACTIVE.has(task.status)) {
            sections.push(h('section', {class: 'drawer-section'}, h('h3', null, 'Progress'), progressBar(task)));
        }
        if (task.lastError) {
            sections.push(h('section', {class: 'drawer-section'}, h('h3', null, 'Last error'),
                keptBlock('error', `${task.id}\u0001${task.lastError}`,
                    () => h('pre', {class: 'code error-text', 'data-testid': 'last-error'}, task.lastError))));
        }
        sections.push(h('section', {class: 'drawer-section'}, h('h3', null, 'Task'),
            h('dl', {class: 'fields'},
                field('Status', badge(task.status)),
                field('Type', h('span', {class: 'mono'}, task.taskType)),
                field('Priority', String(task.priority)),
                field('Owner', task.ownerId, {'data-testid': 'owner'}),
                field('Dedup key', task.dedupKey ? h('span', {class: 'mono'}, task.dedupKey) : null),
                field('Attempts', `${task.attemptCount} of ${task.maxAttempts}`, {'data-testid': 'attempts'}),
                field('Artifact', task.artifactId ? h('span', {class: 'mono'}, task.artifactId) : null,
                    {'data-testid': 'artifact'}),
                !ACTIVE.has(task.status) && task.progress !== null && task.progress !== undefined
                    ? field('Last progress', `${task.progress}%${task.progressMessage ? ` · ${task.progressMessage}` : ''}`)
                    : null)));
        sections.push(h('section', {class: 'drawer-section'}, h('h3', null, 'Lease'),
            h('dl', {class: 'fields'},
                field('Owner', task.leaseOwner ? h('span', {class: 'mono'}, task.leaseOwner) : null,
                    {'data-testid': 'lease-owner'}),
                timeField('Until', task.leaseUntil, 'lease-until', ACTIVE.has(task.status) ? relative(task.leaseUntil) : null),
                field('Fencing token', String(task.leaseToken), {'data-testid': 'lease-token'}))));
        sections.push(h('section', {class: 'drawer-section'}, h('h3', null, 'Timeline'),
            h('dl', {class: 'fields'},
                timeField('Created', task.createTime, 'create-time'),
                timeField('Due', task.availableAt, 'available-at'),
                timeField('Started', task.startedAt, 'started-at'),
                timeField('Updated', task.updateTime, 'update-time'),
                timeField('Finished', task.finishedAt, 'finished-at', task.startedAt && task.finishedAt
                    ? `ran ${duration(parseTime(task.finishedAt) - parseTime(task.startedAt))}` : null))));
        sections.push(h('section', {class: 'drawer-section'}, h('h3', null, 'Payload'),
            keptBlock('payload', `${task.id}\u0001${JSON.stringify(task.payload)}`,
                () => task.payload === null || task.payload === undefined
                    ? h('p', {class: 'muted', 'data-testid': 'payload'}, 'No payload')
                    : jsonView(task.payload))));
        $('detail-body').replaceChildren(...sections);
    }

    let detailSeq = 0;

    async function loadDetail() {
        const id = state.detailId;
        if (!id) {
            return;
        }
        const seq = ++detailSeq;
        try {
            const task = await api('GET', `/api/tasks/${id}`);
            if (seq === detailSeq && state.detailId === id) {
                renderDetail(task);
            }
        } catch (e) {
            if (seq === detailSeq && state.detailId === id && e.status !== 401) {
                detailKey = null;
                $('detail-subtitle').textContent = '';
                $('detail-body').replaceChildren(h('p', {class: 'form-error', 'data-testid': 'detail-error'}, e.detail));
            }
            throw e;
        }
    }

    function bindDetail() {
        $('detail-close').addEventListener('click', closeDetail);
        $('detail-backdrop').addEventListener('click', closeDetail);
        document.addEventListener('keydown', (e) => {
            if (e.key === 'Escape' && !$('detail').hidden && !$('submit-dialog').open) {
                closeDetail();
            }
        });
    }

    // ---------------------------------------------------------------- stats and workers

    function renderStats(stats) {
        const box = $('stats');
        let total = 0;
        const tiles = STATUSES.map((status) => {
            const count = (stats.byStatus && stats.byStatus[status]) || 0;
            total += count;
            const active = state.statuses.size === 1 && state.statuses.has(status);
            return h('button', {
                type: 'button', class: `stat stat-${status}${active ? ' stat-active' : ''}`, id: `stat-${status}`,
                'data-testid': `stat-${status}`, title: `Show only ${statusLabel(status)} tasks`,
                'aria-pressed': active ? 'true' : 'false',
                onclick: () => {
                    state.statuses = active ? new Set() : new Set([status]);
                    filtersChanged();
                    renderStats(stats);
                },
            }, h('span', {class: 'stat-count', 'data-testid': 'count'}, count.toLocaleString()),
                h('span', {class: 'stat-label'}, statusLabel(status)));
        });
        box.replaceChildren(...tiles);
        $('stats-total').textContent = `${total.toLocaleString()} tasks in all`;
        const oldest = stats.oldestDueQueuedAgeMs;
        $('oldest-due').textContent = oldest === null || oldest === undefined ? 'none waiting' : duration(oldest);
        $('metric-oldest').classList.toggle('metric-warn', oldest !== null && oldest !== undefined && oldest > 60_000);
        $('expired-leases').textContent = String(stats.expiredLeases);
        $('metric-expired').classList.toggle('metric-warn', stats.expiredLeases > 0);
        const types = new Set(me.submittableTaskTypes);
        for (const type of Object.keys(stats.byType || {})) {
            types.add(type);
        }
        const list = $('task-types');
        const sorted = [...types].sort();
        if (list.dataset.types !== sorted.join('\n')) {
            list.dataset.types = sorted.join('\n');
            list.replaceChildren(...sorted.map((type) => h('option', {value: type})));
        }
    }

    function renderWorkers(workers) {
        const live = workers.filter((w) => w.live);
        const sorted = [...live, ...workers.filter((w) => !w.live)];
        $('workers-summary').textContent = workers.length === 0 ? ''
            : `${live.length} live${workers.length > live.length ? ` · ${workers.length - live.length} silent or stopped` : ''}`;
        if (workers.length === 0) {
            $('workers').replaceChildren(h('li', {class: 'worker-empty muted'}, 'No worker has sent a heartbeat recently.'));
            return;
        }
        const head = h('li', {class: 'worker worker-head', 'aria-hidden': 'true'},
            h('span'), h('span', null, 'Worker'), h('span', null, 'Running'), h('span', {class: 'worker-beat'}, 'Heartbeat'));
        $('workers').replaceChildren(head, ...sorted.map((w) => {
            const load = w.slots > 0 ? Math.min(100, Math.round(100 * w.runningTasks / w.slots)) : 0;
            const fill = h('span', {class: 'progress-fill'});
            fill.style.width = `${load}%`;
            const condition = w.stoppedAt ? 'stopped' : (w.live ? 'live' : 'silent');
            return h('li', {class: `worker worker-${condition}`, 'data-worker-id': w.workerId, 'data-testid': 'worker'},
                h('span', {class: 'worker-dot', title: condition, 'aria-label': condition}),
                h('div', {class: 'worker-main'},
                    h('div', {class: 'worker-id mono', title: w.workerId}, w.workerId),
                    h('div', {class: 'worker-meta muted small', title: (w.taskTypes || []).join(', ')},
                        w.host || '—', ' · ', `${(w.taskTypes || []).length} task types`)),
                h('div', {class: 'worker-load'},
                    h('div', {class: 'worker-slots', 'data-testid': 'worker-slots'}, `${w.runningTasks} / ${w.slots}`),
                    h('span', {class: 'progress progress-small'}, fill)),
                h('div', {class: 'worker-beat muted small', title: `last heartbeat ${fullTime(w.lastHeartbeat)}`},
                    w.stoppedAt ? `stopped ${relative(w.stoppedAt)}` : relative(w.lastHeartbeat)));
        }));
    }

    async function loadStats() {
        renderStats(await api('GET', '/api/stats'));
    }

    async function loadWorkers() {
        renderWorkers(await api('GET', '/api/workers'));
    }

    // ---------------------------------------------------------------- refresh loop

    let timer = null;
    let refreshing = false;
    let lastRefresh = null;
    let lastFailure = null;
    let refreshCount = 0;

    function schedule() {
        clearTimeout(timer);
        timer = null;
        // a tab in the background does not poll; it catches up when it is shown again
        if (state.auto && !leaving && !document.hidden) {
            timer = setTimeout(refresh, REFRESH_MS);
        }
    }

    function renderRefreshState() {
        const el = $('refresh-state');
        el.classList.toggle('refresh-failed', Boolean(lastFailure));
        if (lastFailure) {
            el.textContent = `Refresh failed: ${lastFailure}`;
        } else if (lastRefresh) {
            el.textContent = `Updated ${shortTime(lastRefresh.toISOString())}${state.auto ? '' : ' · paused'}`;
        }
    }

    async function refresh() {
        if (refreshing) {
            return;
        }
        refreshing = true;
        clearTimeout(timer);
        try {
            const results = await Promise.allSettled([loadTasks(), loadStats(), loadWorkers(), loadDetail()]);
            const failed = results.find((r) => r.status === 'rejected');
            lastFailure = failed ? (failed.reason && failed.reason.detail) || 'unknown error' : null;
            lastRefresh = new Date();
            renderRefreshState();
            refreshCount += 1;
            document.body.dataset.refreshes = String(refreshCount);   // lets tests wait for a round
        } finally {
            refreshing = false;
            schedule();
        }
    }

    function refreshNow() {
        if (refreshing) {
            // the running round may have read before the change; run another one right after it
            setTimeout(refreshNow, 100);
            return;
        }
        refresh();
    }

    // ---------------------------------------------------------------- start

    async function logout() {
        leaving = true;
        clearTimeout(timer);
        try {
            await fetch('/logout', {method: 'POST', credentials: 'same-origin', redirect: 'manual',
                headers: {'X-XSRF-TOKEN': cookie('XSRF-TOKEN') || ''}});
        } catch (e) {
            // the session may be gone already; the login page is where we go either way
        }
        window.location.assign('/login?logout');
    }

    async function start() {
        readHash();
        renderStatusChips();
        syncFilterInputs();
        bindFilters();
        bindSubmit();
        bindDetail();
        $('logout').addEventListener('click', logout);
        document.addEventListener('visibilitychange', () => {
            if (!document.hidden && state.auto && !leaving) {
                refreshNow();
            }
        });
        window.addEventListener('hashchange', () => {
            readHash();
            syncFilterInputs();
            if (state.detailId) {
                openDetail(state.detailId);
            } else if (!$('detail').hidden) {
                closeDetail();
            }
            refreshNow();
        });
        try {
            me = await api('GET', '/api/me');
        } catch (e) {
            if (e.status !== 401) {
                notify(`Could not load the current user: ${e.detail}`, 'error');
            }
            return;
        }
        $('user-name').textContent = me.username;
        $('user-initial').textContent = (me.username || '?').slice(0, 1).toUpperCase();
        $('user-role').textContent = me.canOperate ? 'operator' : 'viewer';
        $('user-role').classList.toggle('role-operator', me.canOperate);
        $('new-task').hidden = !(me.canOperate && me.submittableTaskTypes.length > 0);
        document.body.dataset.ready = 'true';
        if (state.detailId) {
            openDetail(state.detailId);
        }
        await refresh();
    }

    document.addEventListener('DOMContentLoaded', start);
})();
