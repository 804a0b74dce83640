/*
 * The task's dependencies in the detail panel: the tasks it waits for and the tasks that wait for it, each a
 * link to its own detail with its status. Built from GET /api/tasks/{id}/dependencies; a task linked to none
 * shows no section.
 *
 * Text only through textContent: built with h(); task data are text nodes.
 */
import {api} from '../api.js';
import {h} from '../dom.js';
import {emit} from '../events.js';
import {t} from '../i18n.js';
import {badge} from '../widgets.js';

const LIMIT = 100;

function linkList(titleKey, testid, tasks) {
    if (tasks.length === 0) {
        return null;
    }
    return h('div', {'data-testid': testid},
        h('h4', null, t(titleKey, {count: tasks.length})),
        h('ul', {class: 'links'}, tasks.map((task) => h('li', {'data-testid': 'linked-task'},
            h('button', {type: 'button', class: 'link', onclick: () => emit('task:open', task.id)}, `#${task.id}`),
            ' ', h('span', {class: 'mono'}, task.taskType), ' ', badge(task.status)))));
}

function render(task) {
    const section = h('section', {class: 'drawer-section', 'data-testid': 'detail-dependencies', hidden: ''},
        h('h3', null, t('detail.dependencies')));
    api('GET', `api/tasks/${task.id}/dependencies?limit=${LIMIT}`)
        .then((answer) => {
            if (answer.dependsOn.length === 0 && answer.dependents.length === 0) {
                return;
            }
            section.append(...[linkList('dependencies.waitsFor', 'depends-on', answer.dependsOn),
                linkList('dependencies.waitedBy', 'dependents', answer.dependents)].filter(Boolean));
            section.hidden = false;
        })
        .catch((e) => {
            section.append(h('p', {class: 'form-error', 'data-testid': 'dependencies-error'}, e.detail || String(e)));
            section.hidden = false;
        });
    return section;
}

/** Read again when the task changed: the end of a dependency changes the waiting task. */
export const dependencies = {render, keep: (task) => `${task.id}\u0001${task.updateTime}\u0001${task.status}`};
