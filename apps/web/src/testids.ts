/**
 * Every `data-testid` of the web client, in one module that browser tests import (STYLE:
 * "selectors from one module"). Values are stable contract: rename a key, never a value.
 *
 * Each area is its own export and code imports the module as a namespace
 * (`import * as TESTIDS from "./testids"`): bundlers keep only the exports a page reads, so
 * /display and /login do not carry the admin screens' ids.
 */
export const login = {
  page: "login.page",
  username: "login.username",
  password: "login.password",
  submit: "login.submit",
  /** Warning for errors not tied to a field (spec: "common errors as warning"). */
  error: "login.error",
  usernameError: "login.usernameError",
  passwordError: "login.passwordError",
  version: "login.version",
} as const;

export const setPassword = {
  page: "setPassword.page",
  current: "setPassword.current",
  password: "setPassword.password",
  repeat: "setPassword.repeat",
  submit: "setPassword.submit",
  notice: "setPassword.notice",
} as const;

export const setup = {
  page: "setup.page",
  /** Carries `data-step` (1-5) with the current step number. */
  step: "setup.step",
  dots: "setup.dots",
  next: "setup.next",
  prev: "setup.prev",
  language: "setup.language",
  licenceCustomer: "setup.licenceCustomer",
  licenceCode: "setup.licenceCode",
  licenceActivate: "setup.licenceActivate",
  licenceName: "setup.licenceName",
  licenceError: "setup.licenceError",
  configIp: "setup.configIp",
  configUser: "setup.configUser",
  configPassword: "setup.configPassword",
  configSave: "setup.configSave",
  configDone: "setup.configDone",
  configSubtitle: "setup.configSubtitle",
  configLocked: "setup.configLocked",
  /** "Use the virtual call system" in step 3. */
  configVirtual: "setup.configVirtual",
  userName: "setup.userName",
  userPassword: "setup.userPassword",
  userPasswordRepeat: "setup.userPasswordRepeat",
  userCreate: "setup.userCreate",
  userDone: "setup.userDone",
  finish: "setup.finish",
} as const;

export const shell = {
  topbar: "shell.topbar",
  logo: "shell.logo",
  systemSelector: "shell.systemSelector",
  /** `shell.nav.<NavItemId>` for the desktop navigation. */
  nav: (id: string): string => `shell.nav.${id}`,
  /** `shell.mobileNav.<NavItemId>` for the burger menu's copy of the navigation. */
  mobileNav: (id: string): string => `shell.mobileNav.${id}`,
  footer: "shell.footer",
  footerVersion: "shell.footerVersion",
  footerLicence: "shell.footerLicence",
  footerUser: "shell.footerUser",
  logout: "shell.logout",
  login: "shell.login",
  burger: "shell.burger",
  mobileMenu: "shell.mobileMenu",
  mobileLogin: "shell.mobileLogin",
  mobileLogout: "shell.mobileLogout",
  outdatedHubs: "shell.outdatedHubs",
  /** The call-system badge of the top bar, with `data-connected` (true/false). */
  callSystemStatus: "shell.callSystemStatus",
  /** The top bar's sync indicator, with `data-state` (systemsMissing, neverSynced, submitting, needsCommit, inSync). */
  syncIndicator: "shell.syncIndicator",
  syncIndicatorLink: "shell.syncIndicatorLink",
  syncProgress: "shell.syncProgress",
  /** The global search box in the header (spec "Global search"). */
  search: "shell.search",
  searchPopup: "shell.searchPopup",
  /** One result; carries `data-entity` (id) and `data-kind`. */
  searchResult: "shell.searchResult",
  searchCategory: "shell.searchCategory",
  searchNoHits: "shell.searchNoHits",
  searchError: "shell.searchError",
  searchSpinner: "shell.searchSpinner",
  searchMagnet: "shell.searchMagnet",
  searchMagnetWarning: "shell.searchMagnetWarning",
} as const;

/** /tree, the technicians' home. */
/**
 * The export menu and job list of /log and /tree (ui/exports): `exports.<FORMAT>` the menu's
 * items; `exports.job` a job (data-id, data-state, data-format, data-source); a job's cancel
 * button (new/running) and its "start again" (canceled, interrupted, failed).
 */
export const exports = {
  menu: "exports.menu",
  format: (format: string): string => `exports.${format}`,
  job: "exports.job",
  cancel: "exports.cancel",
  restart: "exports.restart",
} as const;

export const tree = {
  page: "tree.page",
  /** The virtualized tree (role tree). */
  tree: "tree.tree",
  /** One rendered row; carries `data-id`, `data-depth`, `data-kind`. */
  row: "tree.row",
  toggle: "tree.toggle",
  /** Open-call badge of a row; carries `data-count` and `data-urgency`. */
  badge: "tree.badge",
  /** Battery marker; carries `data-colour` (green/yellow/red). */
  battery: "tree.battery",
  unreachable: "tree.unreachable",
  inherited: "tree.inherited",
  filter: "tree.filter",
  views: "tree.views",
  /** `tree.view.<id>` for one view of the switcher. */
  view: (id: string): string => `tree.view.${id}`,
  devices: "tree.devices",
  /** Device table row; carries `data-id`. */
  deviceRow: "tree.deviceRow",
  sortLink: "tree.sortLink",
  connectionsLink: "tree.connectionsLink",
  /** Link to /tree/displaygroupoverrides. */
  overridesLink: "tree.overridesLink",
  loadError: "tree.loadError",
  empty: "tree.empty",
  /** /tree/sort */
  sort: "tree.sort",
  /** One draggable row of the sort modal; carries `data-id`. */
  sortRow: "tree.sortRow",
  sortUp: "tree.sortUp",
  sortDown: "tree.sortDown",
  sortError: "tree.sortError",
  /** /tree/connections */
  connections: "tree.connections",
  connectionRow: "tree.connectionRow",
} as const;

/** /log, the call log. */
/** Saved call filters (/log/filters): a list row carries `data-id`, `data-name`. */
export const logFilters = {
  apply: "logFilters.apply",
  delete: "logFilters.delete",
  deleteConfirm: "logFilters.deleteConfirm",
  edit: "logFilters.edit",
  empty: "logFilters.empty",
  form: "logFilters.form",
  loadError: "logFilters.loadError",
  new: "logFilters.new",
  page: "logFilters.page",
  problems: "logFilters.problems",
  readOnly: "logFilters.readOnly",
  reports: "logFilters.reports",
  row: "logFilters.row",
  subscriptions: "logFilters.subscriptions",
  subscriptionsDenied: "logFilters.subscriptionsDenied",
  userReports: "logFilters.userReports",
  userReportRow: "logFilters.userReportRow",
  myReports: "logFilters.myReports",
  /** A form input by its field name (name, range, from, to, shared). */
  field: (name: string): string => `logFilters.field.${name}`,
  /** One report kind's card (daily, weekly, monthly) and its parts. */
  kind: (kind: string): string => `logFilters.kind.${kind}`,
  kindPart: (kind: string, part: "enabled" | "save" | "delivery"): string => `logFilters.kind.${kind}.${part}`,
} as const;

export const log = {
  page: "log.page",
  /** "Saved filters" and "Save current filter" on the log. */
  savedFilters: "log.savedFilters",
  saveFilter: "log.saveFilter",
  table: "log.table",
  /** One call row; carries `data-id`, `data-closed`. */
  row: "log.row",
  period: "log.period",
  from: "log.from",
  to: "log.to",
  callTypes: "log.callTypes",
  sections: "log.sections",
  node: "log.node",
  state: "log.state",
  minDuration: "log.minDuration",
  /** `log.sort.<SORT>` for a sortable column header; carries `aria-sort`. */
  sort: (sort: string): string => `log.sort.${sort}`,
  total: "log.total",
  pager: "log.pager",
  empty: "log.empty",
  loadError: "log.loadError",
  reset: "log.reset",
} as const;

export const notFound = { page: "notFound.page", back: "notFound.back" } as const;
export const noAccess = { page: "noAccess.page", home: "noAccess.home" } as const;
export const sync = {
  page: "sync.page",
  link: "sync.link",
  noLink: "sync.noLink",
  /** The data sync status, with `data-status` (spec "Data sync status"). */
  status: "sync.status",
  lastCommit: "sync.lastCommit",
  loadError: "sync.loadError",
  import: "sync.import",
  publish: "sync.publish",
  /** The confirmation before an import or a publish, with `data-action` and `data-large`. */
  confirm: "sync.confirm",
  confirmLarge: "sync.confirmLarge",
  confirmSubmit: "sync.confirmSubmit",
  /** The publish's progress, with `data-step`, `data-progress` and `data-result` (done, failed). */
  progress: "sync.progress",
  /** One send step of the progress list, with `data-step` and `data-state`. */
  step: "sync.step",
  result: "sync.result",
  error: "sync.error",
  changelog: "sync.changelog",
  empty: "sync.empty",
  /** One entity kind of the changelog, with `data-kind` and `data-count`. */
  group: "sync.group",
  groupToggle: "sync.groupToggle",
  /** One record of the changelog, with `data-id` and `data-state`. */
  entry: "sync.entry",
  diff: "sync.diff",
  more: "sync.more",
} as const;

/** callForm: one call as a page (/log/edit/:id). */
export const callForm = { page: "callForm.page", missing: "callForm.missing", closeCall: "callForm.closeCall" } as const;
export const appData = { loading: "appData.loading", error: "appData.error", retry: "appData.retry" } as const;
export const updateBanner = "updateBanner";
export const updateReload = "updateBanner.reload";
export const updateCancel = "updateBanner.cancel";
export const updateCountdown = "updateBanner.countdown";
/** The root-level commit popup (`data-mode` running or result) and sync-error popup. */
export const syncPopups = {
  commit: "syncPopups.commit",
  percent: "syncPopups.percent",
  step: "syncPopups.step",
  result: "syncPopups.result",
  close: "syncPopups.close",
  toSync: "syncPopups.toSync",
  error: "syncPopups.error",
  errorToggle: "syncPopups.errorToggle",
  errorDetails: "syncPopups.errorDetails",
  errorIgnore: "syncPopups.errorIgnore",
  errorToSync: "syncPopups.errorToSync",
} as const;

export const httpError = "httpError";
export const httpErrorReload = "httpError.reload";
export const httpErrorClose = "httpError.close";
export const notification = "notification";
export const modalRoute = "modalRoute";
export const admin = {
  /** The admin area's navigation (left column on desktop). */
  nav: "admin.nav",
  /** `admin.navItem.<child path>`, e.g. `admin.navItem.calltypes`. */
  navItem: (path: string): string => `admin.navItem.${path}`,
  /** The section picker that replaces the navigation on phones. */
  navSelect: "admin.navSelect",
} as const;

/** The generic list of a registry entity; rows, headers and arrows carry `data-id` / `data-field`. */
export const entityList = {
  page: "entityList.page",
  search: "entityList.search",
  new: "entityList.new",
  sort: "entityList.sort",
  /** One per record, with `data-id`. */
  row: "entityList.row",
  /** One per sortable column, with `data-field` and `aria-sort`. */
  sortHeader: "entityList.sortHeader",
  total: "entityList.total",
  empty: "entityList.empty",
  emptyCreate: "entityList.emptyCreate",
  loading: "entityList.loading",
  error: "entityList.error",
  retry: "entityList.retry",
  next: "entityList.next",
  prev: "entityList.prev",
} as const;

export const entityForm = {
  /** The form inside the modal route (the modal itself is `modalRoute`). */
  modal: "entityForm.modal",
  /** `entityForm.field.<field name>` on the input of that field. */
  field: (name: string): string => `entityForm.field.${name}`,
  save: "entityForm.save",
  copy: "entityForm.copy",
  delete: "entityForm.delete",
  deleteConfirm: "entityForm.deleteConfirm",
  close: "entityForm.close",
  /** Error callout of a failed save or delete (spec §8: "mutation error shows error callout"). */
  error: "entityForm.error",
  /** Warning of a failed load, with `loadRetry` (spec §8: "query error shows warning with Retry"). */
  loadError: "entityForm.loadError",
  loadRetry: "entityForm.loadRetry",
  /** The unsaved-changes question shown when closing a changed form. */
  unsaved: "entityForm.unsaved",
  discard: "entityForm.discard",
  keepEditing: "entityForm.keepEditing",
} as const;

/** The system tree node form (/tree/edit/:id?) and its child routes. */
export const nodeForm = {
  /** The form, with `data-id` (-1 for a new node) and `data-can-save`. */
  form: "nodeForm.form",
  header: "nodeForm.header",
  /** The settings below the fold, rendered one frame after the top of the form. */
  settings: "nodeForm.settings",
  /** The parent chain; one `breadcrumbItem` per parent, with `data-id`. */
  breadcrumb: "nodeForm.breadcrumb",
  breadcrumbItem: "nodeForm.breadcrumbItem",
  /** Why editing is blocked, with `data-reasons` (comma-separated). */
  blocked: "nodeForm.blocked",
  /** The notice that some or all fields are read-only. */
  readOnly: "nodeForm.readOnly",
  /** `nodeForm.counter.<field>`: the live character counter of a display text. */
  counter: (field: string): string => `nodeForm.counter.${field}`,
  copy: "nodeForm.copy",
  section: "nodeForm.section",
  history: "nodeForm.history",
  health: "nodeForm.health",
  /** The battery, with `data-status` (unknown, ok, low) and `data-colour`. */
  battery: "nodeForm.battery",
  /** The reachability, with `data-reachable`. */
  reachability: "nodeForm.reachability",
  /** The 14-day strip; one `reachabilityDay` per day with `data-day` and `data-state`. */
  reachabilityHistory: "nodeForm.reachabilityHistory",
  reachabilityDay: "nodeForm.reachabilityDay",
  /** One per child, with `data-id`. */
  child: "nodeForm.child",
  children: "nodeForm.children",
  addChild: "nodeForm.addChild",
  /** One per open call, with `data-id`. */
  openCall: "nodeForm.openCall",
  openCalls: "nodeForm.openCalls",
  /** One per linking node, with `data-id`. */
  linkingNode: "nodeForm.linkingNode",
  notes: "nodeForm.notes",
  latestNote: "nodeForm.latestNote",
  /** One per note, with `data-id`. */
  note: "nodeForm.note",
  noteText: "nodeForm.noteText",
  /** `nodeForm.notePreset.<preset>`. */
  notePreset: (preset: string): string => `nodeForm.notePreset.${preset}`,
  noteAdd: "nodeForm.noteAdd",
  actions: "nodeForm.actions",
  /** `nodeForm.action.<EndCalls|IgnoreDefects|Mute|Unmute|Restart>`. */
  action: (action: string): string => `nodeForm.action.${action}`,
  actionConfirm: "nodeForm.actionConfirm",
  flightProfile: "nodeForm.flightProfile",
  flightProfileLink: "nodeForm.flightProfileLink",
  callPage: "nodeForm.callPage",
  callClose: "nodeForm.callClose",
} as const;

export const entitySort = {
  page: "entitySort.page",
  /** One per record, with `data-id`, in the current order. */
  row: "entitySort.row",
  up: "entitySort.up",
  down: "entitySort.down",
  save: "entitySort.save",
  error: "entitySort.error",
} as const;

/** /admin/users; list rows, search, pager and form parts are the generic entityList / entityForm ids. */
export const users = {
  page: "users.page",
  /** The form inside the modal route, with `data-id` (-1 for a new user). */
  form: "users.form",
  /** The lock on a row the signed-in user may only look at. */
  readOnly: "users.readOnly",
  superuser: "users.superuser",
  /** The notice above a form the signed-in user may only look at. */
  readOnlyNotice: "users.readOnlyNotice",
} as const;

/** /admin/systemparams; rows, inputs (`entityForm.field.<name>`) and buttons are the generic ids. */
export const systemParams = {
  page: "systemParams.page",
  /** The form inside the modal route, with `data-id` (-1 for a new configurator). */
  form: "systemParams.form",
  /** The link state badge of a row, with `data-state` (connected | disconnected | unknown). */
  linkState: "systemParams.linkState",
  /** The notice that the licence allows no further configurator. */
  limitReached: "systemParams.limitReached",
} as const;

/** The custom part of the checkpoint map form: map image upload and the checkpoint editor. */
export const checkpointMaps = {
  part: "checkpointMaps.part",
  /** Shown instead of the editor while the map is new (not saved yet). */
  saveFirst: "checkpointMaps.saveFirst",
  upload: "checkpointMaps.upload",
  /** The hidden file input behind the upload button (browser tests set files on it). */
  uploadInput: "checkpointMaps.uploadInput",
  uploadLimit: "checkpointMaps.uploadLimit",
  uploadError: "checkpointMaps.uploadError",
  image: "checkpointMaps.image",
  noImage: "checkpointMaps.noImage",
  /** The overlay over the image, with `data-width` / `data-height` (image pixels). */
  editor: "checkpointMaps.editor",
  /** The empty map surface: a click adds a checkpoint there. */
  surface: "checkpointMaps.surface",
  /** One circle per checkpoint, with `data-id`, `data-x`, `data-y`. */
  checkpoint: "checkpointMaps.checkpoint",
  add: "checkpointMaps.add",
  list: "checkpointMaps.list",
  /** One row per checkpoint, with `data-id`. */
  listItem: "checkpointMaps.listItem",
  listEmpty: "checkpointMaps.listEmpty",
  dialog: "checkpointMaps.dialog",
  dialogForm: "checkpointMaps.dialogForm",
  dialogSave: "checkpointMaps.dialogSave",
  dialogDelete: "checkpointMaps.dialogDelete",
} as const;

/** The button form's face: the three function slots with `data-function`. */
export const buttonFace = {
  face: "buttonFace.face",
  /** `buttonFace.slot.<A|B|C>`. */
  slot: (letter: string): string => `buttonFace.slot.${letter}`,
} as const;

/** /admin/roles; list rows and form parts are the generic entityList / entityForm ids. */
export const roles = {
  page: "roles.page",
  form: "roles.form",
  /** One per role row: how many users have it. */
  userCount: "roles.userCount",
  /** `roles.permission.<code>`: the hide/read/write control of one permission code. */
  permission: (code: string): string => `roles.permission.${code}`,
  /** `roles.module.<module>`: the group of a module's permissions. */
  module: (module: string): string => `roles.module.${module}`,
  /** `roles.group.<id>`: the access level of one call source group. */
  group: (id: number): string => `roles.group.${id}`,
  copy: "roles.copy",
  paste: "roles.paste",
  /** The fallback dialog when the browser gives no clipboard access. */
  clipboardDialog: "roles.clipboardDialog",
  clipboardText: "roles.clipboardText",
  clipboardApply: "roles.clipboardApply",
  readOnlyNotice: "roles.readOnlyNotice",
} as const;

/** The audit log modal (spec "Audit log (modal)") and its top-bar button. */
export const audit = {
  button: "audit.button",
  modal: "audit.modal",
  date: "audit.date",
  /** The date chip above each local day. */
  day: "audit.day",
  /** One per entry, with `data-action` and `data-entity-type`; click expands its changes. */
  entry: "audit.entry",
  /** A system entry (commit, backup, login, ...): a centred line. */
  systemEntry: "audit.systemEntry",
  /** One row of an expanded entry, with `data-field`. */
  change: "audit.change",
  showMore: "audit.showMore",
  loadMore: "audit.loadMore",
  sentinel: "audit.sentinel",
  /** "no more data" at the end of the timeline. */
  end: "audit.end",
  empty: "audit.empty",
  error: "audit.error",
  retry: "audit.retry",
} as const;

export const settings = {
  page: "settings.page",
  /** `settings.field.<setting name>` on the input of that setting. */
  field: (name: string): string => `settings.field.${name}`,
  save: "settings.save",
  error: "settings.error",
  loadError: "settings.loadError",
  loadRetry: "settings.loadRetry",
  readOnly: "settings.readOnly",
  /** The mail server of scheduled reports. */
  smtp: {
    form: "settings.smtp.form",
    field: (name: string): string => `settings.smtp.field.${name}`,
    save: "settings.smtp.save",
    testTo: "settings.smtp.testTo",
    testSend: "settings.smtp.testSend",
    testResult: "settings.smtp.testResult",
  },
} as const;

/** The public display board (spec "Display screen (public)"). */
export const display = {
  page: "display.page",
  header: "display.header",
  /** The banner naming the active display group overrides; carries `data-count`. */
  overrideBanner: "display.overrideBanner",
  profileBadge: "display.profileBadge",
  fullscreenToggle: "display.fullscreenToggle",
  /** Carries `data-id`, `data-device`, `data-call-type`, `data-urgency`, `data-elevated`. */
  call: "display.call",
  /** Inside a card: the room name, the call source box, the call type line, the reduced-motion icon. */
  callName: "display.callName",
  callSource: "display.callSource",
  callType: "display.callType",
  callAlarmIcon: "display.callAlarmIcon",
  /** The header's link back to the app (signed-in users) and the unknown-slug notice. */
  backToApp: "display.backToApp",
  signOut: "display.signOut",
  profileNotFound: "display.profileNotFound",
  calls: "display.calls",
  presence: "display.presence",
  presences: "display.presences",
  notes: "display.notes",
  note: "display.note",
  empty: "display.empty",
  emptyTitle: "display.emptyTitle",
  clock: "display.clock",
  noSystems: "display.noSystems",
  connectionLost: "display.connectionLost",
  live: "display.live",
  /** The card's close (x) and its confirm button (spec close-call flow). */
  closeCall: "display.closeCall",
  closeConfirm: "display.closeConfirm",
  /** displayCallForm: the call's modal over the board (signed-in users). */
  callForm: "display.callForm",
  callFormGone: "display.callFormGone",
  callFormCloseCall: "display.callFormCloseCall",
  /** The "+N" tile of the presence column. */
  presenceOverflow: "display.presenceOverflow",
  /** A floating video window, with `data-url`. */
  videoStream: "display.videoStream",
  shareLink: "display.shareLink",
  notificationToggle: "display.notificationToggle",
} as const;

/** The display settings drawer on /display (spec "Display settings drawer"). */
export const displaySettings = {
  /** The header button (logged-in only). */
  toggle: "displaySettings.toggle",
  drawer: "displaySettings.drawer",
  pageUrl: "displaySettings.pageUrl",
  urlWarning: "displaySettings.urlWarning",
  profileSelect: "displaySettings.profileSelect",
  /** Shown instead of the edit controls without display.manage_display_profiles. */
  readOnly: "displaySettings.readOnly",
  createName: "displaySettings.createName",
  createSubmit: "displaySettings.createSubmit",
  delete: "displaySettings.delete",
  deleteConfirm: "displaySettings.deleteConfirm",
  /** `displaySettings.field.<profile field>` (name, font_size, locale, fullscreen, ...). */
  field: (name: string): string => `displaySettings.field.${name}`,
  /** One per system, with `data-system` (its id) and `data-enabled`. */
  system: "displaySettings.system",
  /** The switch that puts a system into the profile. */
  systemEnabled: "displaySettings.systemEnabled",
  /** `displaySettings.schedule.<weekday|weekend>` inside a system. */
  schedule: (part: string): string => `displaySettings.schedule.${part}`,
  /** `displaySettings.group.<weekday|weekend>.<1-5>` inside a system. */
  group: (part: string, slot: number): string => `displaySettings.group.${part}.${slot}`,
  save: "displaySettings.save",
  /** The "discard unsaved changes?" question on closing or switching. */
  discardDialog: "displaySettings.discardDialog",
  discardConfirm: "displaySettings.discardConfirm",
  discardCancel: "displaySettings.discardCancel",
} as const;

/** The public demo screen (spec "Demo screen"). */
export const demo = {
  page: "demo.page",
  /** Shown instead of the screen when the server is not in demo mode. */
  off: "demo.off",
  /** The blocking overlay while a demo request runs. */
  busy: "demo.busy",
  menu: "demo.menu",
  closeAll: "demo.closeAll",
  reset: "demo.reset",
  resetDialog: "demo.resetDialog",
  resetConfirm: "demo.resetConfirm",
  resetCancel: "demo.resetCancel",
  /** `demo.tab.<admin|app|visuals>`. */
  tab: (value: string): string => `demo.tab.${value}`,
  /** The left panel with the floors. */
  rooms: "demo.rooms",
  roomsError: "demo.roomsError",
  roomsRetry: "demo.roomsRetry",
  roomsEmpty: "demo.roomsEmpty",
  /** One per floor, with `data-floor` (its name). */
  floor: "demo.floor",
  /** One per room, with `data-room` (its name), `data-device` and `data-mode` (off, alert, presence, emergency). */
  room: "demo.room",
  roomStatus: "demo.roomStatus",
  /** `demo.button.<alert|presence|emergency>` inside a room, with `data-active`. */
  button: (button: string): string => `demo.button.${button}`,
  /** The visuals tab's iframe of the fullscreen display (its calls are `display.call`). */
  visualsFrame: "demo.visualsFrame",
  /** One per open call on a phone preview, with `data-id`, `data-device`, `data-call-type` and `data-urgency`. */
  call: "demo.call",
  /** One per app user's phone, with `data-preview` and `data-scale`. */
  preview: "demo.preview",
  previewEmpty: "demo.previewEmpty",
} as const;
