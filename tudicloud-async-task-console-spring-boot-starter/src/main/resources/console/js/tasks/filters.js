/*
 * The filters above the task table (status chips, type, owner, creation window), the sortable column
 * heads and the pager's buttons. Every change is written to the URL fragment and reloads the table.
 *
 * Text only through textContent: chip labels are text nodes.
 */
import {$, debounce, h} from '../dom.js';
import {emit, on} from '../events.js';
import {PAGE_SIZES, STATUSES, state, writeHash} from '../state.js';
import {statusLabel} from '../widgets.js';

function renderStatusChips() {
    $('status-filter').replaceChildren(...STATUSES.map((status) => {
        const input = h('input', {type: 'checkbox', id: `filter-status-${status}`, value: status,
            'data-testid': `filter-status-${status}`});
        input.addEventListener('change', () => {
            if (input.checked) {
                state.statuses.add(status);
            } else {
                state.statuses.delete(status);
            }
            filtersChanged();
        });
        return h('label', {class: `chip chip-${status}`, for: `filter-status-${status}`},
            input, h('span', {class: 'chip-dot', 'aria-hidden': 'true'}), statusLabel(status));
    }));
}

/** Shows the view state in the inputs (after a change, a reload or an edited URL). */
export function syncFilterInputs() {
    for (const status of STATUSES) {
        $(`filter-status-${status}`).checked = state.statuses.has(status);
    }
    $('filter-task-type').value = state.taskType;
    $('filter-owner').value = state.ownerId;
    $('filter-created-from').value = state.createdFrom;
    $('filter-created-to').value = state.createdTo;
    $('page-size').value = String(state.size);
    for (const th of document.querySelectorAll('th[data-sort]')) {
        th.setAttribute('aria-sort', th.dataset.sort === state.sort
            ? (state.direction === 'asc' ? 'ascending' : 'descending') : 'none');
    }
}

/** A filter changed: back to the first page. */
export function filtersChanged() {
    state.page = 0;
    viewChanged();
}

function viewChanged() {
    writeHash();
    syncFilterInputs();
    emit('tasks:changed');
}

function bindTextFilter(id, key) {
    const input = $(id);
    const apply = () => {
        if (state[key] !== input.value) {
            state[key] = input.value;
            filtersChanged();
        }
    };
    input.addEventListener('input', debounce(apply, 350));
    input.addEventListener('change', apply);
    input.addEventListener('keydown', (e) => {
        if (e.key === 'Enter') {
            e.preventDefault();
            apply();
        }
    });
}

function bindSorting() {
    for (const th of document.querySelectorAll('th[data-sort]')) {
        th.querySelector('button').addEventListener('click', () => {
            if (state.sort === th.dataset.sort) {
                state.direction = state.direction === 'desc' ? 'asc' : 'desc';
            } else {
                state.sort = th.dataset.sort;
                state.direction = 'desc';
            }
            state.page = 0;
            viewChanged();
        });
    }
}

function bindPager() {
    $('page-size').replaceChildren(...PAGE_SIZES.map((size) => h('option', {value: size}, String(size))));
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
}

export default {
    name: 'filters',
    mount() {
        renderStatusChips();
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
        bindSorting();
        bindPager();
        syncFilterInputs();
        on('filters:changed', filtersChanged);
    },
};
