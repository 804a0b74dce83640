/*
 * The task detail: a panel beside the table for the task named in the URL fragment (#task=42), reloaded
 * with every refresh round, redrawn only when the task changed. Closes with its button, the backdrop or
 * Escape; focus goes to its close button when it opens.
 *
 * Text only through textContent: the panel's content is built with h() from the sections.
 */
import {api} from '../api.js';
import {$, h} from '../dom.js';
import {emit, on} from '../events.js';
import {t} from '../i18n.js';
import {session, state, writeHash} from '../state.js';
import {actionButtons} from '../tasks/actions.js';
import {badge} from '../widgets.js';
import {loadPolicies} from './policy.js';
import {SECTIONS} from './sections.js';

let shownKey = null;
/** Sections kept across redraws: section -> {key, element}. */
const kept = new Map();

function open(id) {
    state.detailId = id;
    writeHash();
    emit('task:selected', id);
    $('detail').dataset.taskId = String(id);
    $('detail-title').textContent = t('detail.title', {id});
    $('detail-subtitle').textContent = t('detail.loading');
    $('detail-body').replaceChildren();
    shownKey = null;
    kept.clear();
    $('detail').hidden = false;
    $('detail-backdrop').hidden = false;
    $('detail-close').focus({preventScroll: true});
    load().catch(() => {});
}

function close() {
    state.detailId = null;
    writeHash();
    $('detail').hidden = true;
    $('detail-backdrop').hidden = true;
    delete $('detail').dataset.taskId;
    emit('task:selected', null);
}

function sectionFor(entry, task) {
    if (!entry.keep) {
        return entry.render(task);
    }
    const key = entry.keep(task);
    const previous = kept.get(entry);
    if (previous && previous.key === key) {
        return previous.element;
    }
    const element = entry.render(task);
    kept.set(entry, {key, element});
    return element;
}

function render(task) {
    // the lease moves with every heartbeat; redraw only when something shown changed
    const key = JSON.stringify(task) + session.me.canOperate;
    if (key === shownKey) {
        return;
    }
    shownKey = key;
    $('detail').dataset.status = task.status;
    $('detail-title').replaceChildren(t('detail.title', {id: task.id}), ' ', badge(task.status));
    $('detail-subtitle').replaceChildren(h('span', {class: 'mono'}, task.taskType));
    const actions = actionButtons(task, 'normal');
    $('detail-body').replaceChildren(actions ? h('div', {class: 'drawer-actions'}, actions) : '',
        ...SECTIONS.map((entry) => sectionFor(entry, task)).filter(Boolean));
}

let sequence = 0;

async function load() {
    const id = state.detailId;
    if (!id) {
        return;
    }
    const seq = ++sequence;
    try {
        const [task] = await Promise.all([api('GET', `api/tasks/${id}`), loadPolicies()]);
        if (seq === sequence && state.detailId === id) {
            render(task);
        }
    } catch (e) {
        if (seq === sequence && state.detailId === id && e.status !== 401) {
            shownKey = null;
            $('detail-subtitle').textContent = '';
            $('detail-body').replaceChildren(h('p', {class: 'form-error', 'data-testid': 'detail-error'}, e.detail));
        }
        throw e;
    }
}

export default {
    name: 'detail',
    mount() {
        $('detail-close').addEventListener('click', close);
        $('detail-backdrop').addEventListener('click', close);
        document.addEventListener('keydown', (e) => {
            if (e.key === 'Escape' && !$('detail').hidden && !document.querySelector('dialog[open]')) {
                close();
            }
        });
        on('task:open', open);
        on('task:close', () => {
            if (!$('detail').hidden) {
                close();
            }
        });
        if (state.detailId) {
            open(state.detailId);
        }
    },
    refresh: load,
};
