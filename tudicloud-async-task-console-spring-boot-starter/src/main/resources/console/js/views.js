/*
 * The console's views, in the order they load. A view is a module whose default export is
 *
 *     {name, mount() (optional, once the user is known), refresh() (optional, async, every round)}
 *
 * and that renders into its own place in index.html (or makes one). To add a view:
 * write its module under js/, put its strings under a prefix of its own in messages/en.js and
 * messages/zh-CN.js (the same keys in both), and list it here. Views talk through events.js, not by
 * importing each other.
 *
 * Text only through textContent: this module touches no DOM.
 */
import audit from './audit/table.js';
import batchDetail from './batches/detail.js';
import batches from './batches/table.js';
import detail from './detail/panel.js';
import stats from './overview/stats.js';
import timeline from './overview/timeline.js';
import scheduleForm from './schedules/form.js';
import schedules from './schedules/table.js';
import workers from './overview/workers.js';
import bulk from './tasks/bulk.js';
import filters from './tasks/filters.js';
import submit from './tasks/submit.js';
import tasks from './tasks/table.js';
import types from './types/types.js';

export default [stats, timeline, workers, types, filters, bulk, tasks, submit, detail, batches, batchDetail, schedules,
    scheduleForm, audit];
