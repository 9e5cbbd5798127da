// The texts of the console's 目录 section and of the directory markers in 账号 (one place, so the
// journeys and docs/directory.md quote the same words).
import type { DirectorySyncResult } from '../../contract/endpoints/console-directories.ts';

export const DIRECTORY_TEXT = {
  section: '目录',
  intro: '公司目录（OpenLDAP、Active Directory）中的人员用目录密码登录本系统；定时同步新建、更新和停用账号，并按映射维护客户群。',
  add: '添加目录',
  empty: '还没有目录。',
  listCaption: '目录列表',
  columns: { name: '名称', servers: '服务器', mappings: '映射', lastSync: '上次同步', actions: '操作' },
  mappingCount: (count: number) => count > 0 ? `${count} 条` : '—',
  edit: '编辑',
  editOne: (name: string) => `编辑目录 ${name}`,
  /** A row's button named with the directory it acts on (测试连接：总部 AD). */
  actionOn: (action: string, name: string) => `${action}：${name}`,
  remove: '删除',
  removing: '正在删除…',
  removeOne: (name: string) => `删除目录 ${name}`,
  clashes: (shown: readonly string[], total: number) =>
    `与本地账号同名（未接管）：${shown.join('、')}${total > shown.length ? ` 等 ${total} 个` : ''}`,
  formTitleNew: '添加目录',
  formTitleEdit: (name: string) => `编辑目录：${name}`,
  saved: (name: string, id: string) => `已保存目录 ${name}（${id}）`,
  removed: (name: string) => `已删除目录 ${name}`,
  removeConfirm: (name: string) => `删除目录“${name}”？删除后不再从该目录登录和同步，从该目录同步来的账号全部停用：它们的会话立即结束，已登录的应用将被单点退出。`,
  removeOk: '删除目录',
  test: '测试连接',
  testing: '正在测试…',
  testOk: (found: number, url: string | null) => `连接成功${url ? `（${url}）` : ''}：过滤条件找到 ${found} 人`,
  testFailed: (reason: string) => `连接失败：${reason}`,
  sync: '立即同步',
  syncing: '正在同步…',
  syncingNote: '正在同步，人员较多时可能需要一两分钟，请勿关闭页面…',
  never: '尚未同步',
  syncEvery: (minutes: number) => `（每 ${minutes} 分钟）`,
  unknownReason: '未知原因',
  syncFailed: (reason: string) => `同步失败：${reason}`,
  bindPasswordHintNew: '目录只读账号的密码；加密保存，保存后不再显示',
  bindPasswordHintKeep: '已保存密码：留空则保留原密码，填写则替换',
  bindPasswordMissing: '请输入绑定密码',
  presetsLegend: '按目录类型填入默认值',
  presetOpenLdap: 'OpenLDAP',
  presetAd: 'Active Directory',
  mappingsLegend: '客户群映射',
  mappingsHint: '目录组的成员（组条目的 member / uniqueMember，或人员的 memberOf）属于对应的客户群；同步会增删这些来自目录的成员关系，管理员手工授予的不受影响',
  mappingAdd: '添加映射',
  mappingRemove: (index: number) => `删除第 ${index} 条映射`,
  mappingDn: (index: number) => `第 ${index} 条映射的目录组 DN`,
  mappingGroup: (index: number) => `第 ${index} 条映射的客户群`,
  mappingChoose: '请选择客户群',
  mappingsEmpty: '尚无映射：目录人员可以登录，但看不到任何应用。',
  // 账号
  fromDirectory: (name: string) => `来自目录：${name}`,
  directoryMarker: '目录账号',
  directoryGroupsLegend: '来自目录映射的客户群',
  noDirectoryGroups: '无',
  directoryGroupsHint: '由目录同步维护，在目录中调整组成员后于下次同步或该人员下次登录时更新',
  grantedGroupsLegend: '管理员授予的客户群',
  grantedGroupsHint: '手工授予的成员关系不受目录同步影响',
  resetRefused: '该账号来自公司目录，密码保存在目录中：请在公司目录中修改或重置密码。',
} as const;

/** What one sync changed, in one line (the list, the result after 立即同步). */
export function syncSummary(result: DirectorySyncResult): string {
  if (!result.ok) return DIRECTORY_TEXT.syncFailed(result.error ?? DIRECTORY_TEXT.unknownReason);
  return [
    `找到 ${result.found} 人`,
    `新建 ${result.created}`,
    `更新 ${result.updated}`,
    `停用 ${result.disabled}`,
    `成员关系 +${result.membershipsAdded} / −${result.membershipsRemoved}`,
    `同名冲突 ${result.clashes.length}`,
    `用时 ${formatSeconds(result.seconds)} 秒`,
  ].join('，');
}

function formatSeconds(seconds: number): string {
  return seconds < 10 ? seconds.toFixed(1) : String(Math.round(seconds));
}
