/*
 * What the console shows, kept in the URL fragment (filters, sort, page, open task or batch, auto-refresh), so
 * that a reload, a language switch or a shared link shows the same view; and who is logged in.
 *
 * Text only through textContent: this module touches no DOM.
 */

export const STATUSES = ['WAITING', 'SCHEDULED', 'QUEUED', 'RUNNING', 'SUCCESS', 'FAILED', 'CANCEL_REQUESTED', 'CANCELLED'];
export const ACTIVE = new Set(['RUNNING', 'CANCEL_REQUESTED']);
/** Waiting for a worker: SCHEDULED until due, then QUEUED. */
export const AWAITS_WORKER = new Set(['SCHEDULED', 'QUEUED']);
/** The orders the API offers: those an index serves. */
const SORT_FIELDS = ['createTime'];
export const PAGE_SIZES = [10, 20, 50, 100, 200];

export const state = {
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
    batchId: null,
    auto: true,
};

/** The logged-in user as /api/me describes it. */
export const session = {me: {username: '', roles: [], canOperate: false, submittableTaskTypes: [], serverTimeZone: 'UTC'}};

function positiveId(text) {
    const id = parseInt(text || '', 10);
    return Number.isFinite(id) && id > 0 ? id : null;
}

export function readHash() {
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
    state.detailId = positiveId(params.get('task'));
    state.batchId = positiveId(params.get('batch'));
    state.auto = params.get('auto') !== 'off';
}

export function writeHash() {
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
    if (state.batchId) params.set('batch', String(state.batchId));
    if (!state.auto) params.set('auto', 'off');
    const hash = params.toString();
    history.replaceState(null, '', hash ? `#${hash}` : window.location.pathname + window.location.search);
}

function toInstant(localValue) {
    if (!localValue) {
        return null;
    }
    const d = new Date(localValue);
    return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The current filters as a bulk action's body: the statuses chosen, and only the filters that are set. */
export function filterBody() {
    const body = {statuses: STATUSES.filter((status) => state.statuses.has(status))};
    if (state.taskType.trim()) body.taskType = state.taskType.trim();
    if (state.ownerId.trim()) body.ownerId = state.ownerId.trim();
    const from = toInstant(state.createdFrom);
    const to = toInstant(state.createdTo);
    if (from) body.createdFrom = from;
    if (to) body.createdTo = to;
    return body;
}

/** The list query for the current filters; the datetime-local values become ISO instants. */
export function listQuery() {
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
