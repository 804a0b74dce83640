/*
 * The workers card: every worker heard of recently, live ones first, with its running tasks against
 * its slots and its last heartbeat. Reads GET /api/workers.
 *
 * Text only through textContent: worker ids, hosts and types are text nodes.
 */
import {api} from '../api.js';
import {$, h} from '../dom.js';
import {number, relative, timeTitle} from '../format.js';
import {t} from '../i18n.js';

function row(worker) {
    const load = worker.slots > 0 ? Math.min(100, Math.round(100 * worker.runningTasks / worker.slots)) : 0;
    const fill = h('span', {class: 'progress-fill'});
    fill.style.width = `${load}%`;
    const condition = worker.stoppedAt ? 'stopped' : (worker.live ? 'live' : 'silent');
    const types = worker.taskTypes || [];
    return h('li', {class: `worker worker-${condition}`, 'data-worker-id': worker.workerId, 'data-testid': 'worker'},
        h('span', {class: 'worker-dot', role: 'img', 'aria-label': t(`workers.state.${condition}`), title: t(`workers.state.${condition}`)}),
        h('div', {class: 'worker-main'},
            h('div', {class: 'worker-id mono', title: worker.workerId}, worker.workerId),
            h('div', {class: 'worker-meta muted small', title: types.join(', ')},
                worker.host || '—', ' · ', t('workers.types', {count: types.length, types: number(types.length)}))),
        h('div', {class: 'worker-load'},
            h('div', {class: 'worker-slots', 'data-testid': 'worker-slots'},
                `${number(worker.runningTasks)} / ${number(worker.slots)}`),
            h('span', {class: 'progress progress-small'}, fill)),
        h('div', {class: 'worker-beat muted small', title: timeTitle(worker.stoppedAt || worker.lastHeartbeat)},
            worker.stoppedAt ? t('workers.stoppedAgo', {when: relative(worker.stoppedAt)}) : relative(worker.lastHeartbeat)));
}

function render(workers) {
    const live = workers.filter((w) => w.live);
    const others = workers.length - live.length;
    $('workers-summary').textContent = workers.length === 0 ? ''
        : [t('workers.live', {count: live.length, live: number(live.length)}),
            others > 0 ? t('workers.others', {count: others, others: number(others)}) : null].filter(Boolean).join(' · ');
    if (workers.length === 0) {
        $('workers').replaceChildren(h('li', {class: 'worker-empty muted'}, t('workers.none')));
        return;
    }
    const head = h('li', {class: 'worker worker-head', 'aria-hidden': 'true'}, h('span'),
        h('span', null, t('workers.worker')), h('span', null, t('workers.running')),
        h('span', {class: 'worker-beat'}, t('workers.heartbeat')));
    $('workers').replaceChildren(head, ...[...live, ...workers.filter((w) => !w.live)].map(row));
}

export default {
    name: 'workers',
    async refresh() {
        render(await api('GET', 'api/workers'));
    },
};
