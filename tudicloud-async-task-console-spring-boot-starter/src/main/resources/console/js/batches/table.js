/*
 * The Batches card: batches newest first with their state, progress and children per status, filtered by
 * state, older ones a page at a time ("Older batches", keyset by beforeId like the audit trail). A row opens
 * the batch detail. GET /api/batches lists rows without counts (a count reads a batch's children), so each
 * shown batch is read on its own (GET /api/batches/{id}): an ended batch once, an open one every round.
 *
 * A row is redrawn only when its batch changed, so that its link keeps the focus across rounds.
 *
 * Text only through textContent: every cell is built with h(), whose text children are text nodes.
 */
import {api} from '../api.js';
import {$, h, syncRows} from '../dom.js';
import {emit} from '../events.js';
import {timeElement} from '../format.js';
import {t} from '../i18n.js';
import {BATCH_STATES, ENDED, batchBadge, batchProgress, childCounts} from './parts.js';

const PAGE = 10;
const COLUMNS = ['id', 'state', 'progress', 'children', 'created', 'ended'];

/** Rows by batch id, each with the batch it shows: a row is rebuilt only when its batch changed. */
const rows = new Map();
/** Ended batches as last read: their counts change no more. */
const endedBatches = new Map();
let olderIds = [];
let nextBefore = null;

function query(beforeId) {
    const params = new URLSearchParams({size: String(PAGE)});
    if ($('batches-state').value) params.set('state', $('batches-state').value);
    if (beforeId) params.set('beforeId', String(beforeId));
    return params.toString();
}

/** The ids of a page, and where the next older page starts (null: none). */
async function page(beforeId) {
    const rows = await api('GET', `api/batches?${query(beforeId)}`);
    return {ids: rows.map((row) => row.id), next: rows.length === PAGE ? rows[rows.length - 1].id : null};
}

async function read(id) {
    if (endedBatches.has(id)) {
        return endedBatches.get(id);
    }
    const batch = await api('GET', `api/batches/${id}`);
    if (ENDED.has(batch.state)) {
        endedBatches.set(id, batch);
    }
    return batch;
}

function row(batch) {
    const open = () => emit('batch:open', batch.id);
    return h('tr', {'data-batch-id': batch.id, 'data-testid': 'batch-row', tabindex: 0, onclick: (e) => {
        if (!e.target.closest('button')) open();
    }, onkeydown: (e) => {
        if (e.key === 'Enter' && e.target === e.currentTarget) open();
    }},
    h('td', {class: 'col-id mono'}, h('button', {type: 'button', class: 'link', 'data-testid': 'open-batch',
        'aria-label': t('batches.open', {id: batch.id}), onclick: open}, `#${batch.id}`)),
    h('td', null, batchBadge(batch)),
    h('td', {class: 'col-progress'}, batchProgress(batch)),
    h('td', null, childCounts(batch)),
    h('td', {class: 'col-time'}, timeElement(batch.createdAt)),
    h('td', {class: 'col-time'}, timeElement(batch.finishedAt)));
}

async function load() {
    const first = await page(null);
    if (!olderIds.length) {
        nextBefore = first.next;
    }
    const ids = [...first.ids, ...olderIds.filter((id) => !first.ids.includes(id))];
    const batches = await Promise.all(ids.map(read));
    syncRows($('batch-rows'), rows, batches, (batch) => batch.id, (batch, known) => {
        const shown = JSON.stringify(batch);
        return known && known.shown === shown ? known : {tr: row(batch), shown};
    });
    $('batches-empty').hidden = batches.length > 0;
    $('batches-more').hidden = nextBefore === null;
}

async function more() {
    const older = await page(nextBefore);
    olderIds = [...olderIds, ...older.ids];
    nextBefore = older.next;
    await load();
}

function restart() {
    olderIds = [];
    nextBefore = null;
    load().catch(() => {});
}

export default {
    name: 'batches',
    mount() {
        $('batches-head').replaceChildren(...COLUMNS.map((column) =>
            h('th', {scope: 'col'}, t(`batches.column.${column}`))));
        $('batches-state').replaceChildren(h('option', {value: ''}, t('batches.filter.any')),
            ...BATCH_STATES.map((state) => h('option', {value: state}, t(`batches.state.${state}`))));
        $('batches-state').addEventListener('change', restart);
        $('batches-more').addEventListener('click', () => more().catch(() => {}));
    },
    refresh: load,
};
