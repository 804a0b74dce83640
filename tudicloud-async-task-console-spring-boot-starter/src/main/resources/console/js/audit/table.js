/*
 * The audit trail, for operators: who did what, from where, with what outcome, newest first, filtered by
 * user, action and time. Reads GET /api/audit a page at a time (older pages with its nextBefore); the first
 * page is read again with each refresh round, the older ones only when asked for.
 *
 * Text only through textContent: every cell is built with h(), whose text children are text nodes.
 */
import {api} from '../api.js';
import {$, h} from '../dom.js';
import {number, timeElement} from '../format.js';
import {session} from '../state.js';

const PAGE = 50;
const ACTIONS = ['submit', 'cancel', 'retry', 'bulk_retry', 'bulk_cancel', 'bulk_stop', 'pause', 'resume',
    'schedule_create', 'schedule_edit', 'schedule_pause', 'schedule_resume', 'schedule_trigger', 'schedule_delete',
    'login_failed'];

let older = [];
let nextBefore = null;

function query(before) {
    const params = new URLSearchParams({limit: String(PAGE)});
    for (const [name, id] of [['user', 'audit-user'], ['action', 'audit-action']]) {
        const value = $(id).value.trim();
        if (value) params.set(name, value);
    }
    for (const [name, id] of [['from', 'audit-from'], ['to', 'audit-to']]) {
        const d = new Date($(id).value);
        if ($(id).value && !Number.isNaN(d.getTime())) params.set(name, d.toISOString());
    }
    if (before) params.set('before', String(before));
    return params.toString();
}

function row(entry) {
    return h('tr', {'data-testid': 'audit-row', 'data-action': entry.action},
        h('td', null, timeElement(entry.occurredAt)),
        h('td', {class: 'mono'}, entry.username || '—'),
        h('td', {class: 'mono'}, entry.clientAddress || '—'),
        h('td', {class: 'mono'}, entry.action),
        h('td', {title: entry.target || ''}, entry.target || (entry.taskId ? `#${entry.taskId}` : '—')),
        h('td', {class: 'num'}, entry.count === null || entry.count === undefined ? '' : number(entry.count)),
        h('td', {class: 'mono', 'data-testid': 'audit-outcome'}, entry.outcome));
}

function render(first) {
    const items = [...first.items, ...older];
    $('audit-rows').replaceChildren(...items.map(row));
    $('audit-empty').hidden = items.length > 0;
    $('audit-more').hidden = (older.length ? nextBefore : first.nextBefore) === null;
}

async function load() {
    const first = await api('GET', `api/audit?${query()}`);
    if (!older.length) {
        nextBefore = first.nextBefore;
    }
    render(first);
}

async function more() {
    const page = await api('GET', `api/audit?${query(nextBefore)}`);
    older = [...older, ...page.items];
    nextBefore = page.nextBefore;
    await load();
}

function restart() {
    older = [];
    nextBefore = null;
    load().catch(() => {});
}

export default {
    name: 'audit',
    mount() {
        if (!session.me.canOperate) {
            return;
        }
        $('audit').hidden = false;
        $('audit-actions').replaceChildren(...ACTIONS.map((action) => h('option', {value: action})));
        for (const id of ['audit-user', 'audit-action', 'audit-from', 'audit-to']) {
            $(id).addEventListener('change', restart);
        }
        $('audit-more').addEventListener('click', () => more().catch(() => {}));
    },
    refresh() {
        return session.me.canOperate ? load() : undefined;
    },
};
