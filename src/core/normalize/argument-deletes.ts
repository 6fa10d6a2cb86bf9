// A call may delete without saying so in its name or path: the arguments say it. An operation
// named delete ({operation: "trash"}, {操作: "削除"}, {action: "destroy"}), a flag that puts the
// item in the bin ({trashed: true}), a label or a move that does (addLabelIds: ["TRASH"],
// {destinationId: "deleteditems"}), or a batch of DELETE sub-requests (Graph's $batch).
import { foldDiacritics, type JsonLeaf } from '../provenance/canonical';

/** Keys that name what a generic call does. */
const OPERATION_KEY = /^(action|actions|operation|operations|op|ops|command|cmd|mode|type|verb|task|do|strategy|on_?expire|on_?expiry|expire_?action|expiry_?action|disposition|retention_?action|操作|动作|動作|処理|작업|accion|operacion|aktion|vorgang|operazione|operacao|действие|операция)$/;
/** Values of those keys that delete, in the languages the lexicon knows (accents folded). */
const DELETE_OPERATION = /^(?:(?:bulk|batch|mass|permanent(?:ly)?|hard|force)[ _-]?)?(delete|remove|trash|destroy|purge|erase|wipe|shred|expunge|discard|borrar|eliminar|excluir|apagar|loschen|entfernen|supprimer|effacer|cancella|elimina|verwijderen|usun|sil|hapus|xoa|удалить|удаление|削除|削除する|删除|刪除|彻底删除|永久删除|삭제|영구 삭제)(?:[ _-]?(?:all|many|items?|files?|permanently|forever|recursive|hard))*$/iu;
/** Flags that put an item in the bin, or past it. */
const DELETE_FLAG = /^(trashed|deleted|is_?deleted|in_?trash|to_?trash|move_?to_?trash|permanent(ly)?_?delete|purge|hard_?delete|skip_?trash|bypass_?trash|skip_?recycle_?bin|bypass_?recycle_?bin|skip_?bin)$/;
/** Keys that add labels, and the bin's label. */
const ADD_LABEL_KEY = /^(add_?label_?ids|add_?labels|labels_?to_?add)$/;
const TRASH_LABEL = /^trash$/i;
/** Keys that say where an item is moved, and the bins it may be moved to. */
const DESTINATION_KEY = /^(destination|destination_?id|destination_?folder(_?id)?|target_?folder(_?id)?|to_?folder(_?id)?|move_?to|folder_?id|parent_?folder_?id)$/;
const BIN = /^(deleteditems|deleted[ _-]?items|trash|bin|recycle[ _-]?bin|recyclebin|papierkorb|corbeille|papelera|lixeira|cestino|prullenbak|kosz|ゴミ箱|垃圾箱|回收站|已删除|휴지통|корзина)$/iu;
const TRUE = /^(true|1|yes)$/i;

/** The leaf of a call's arguments that makes it a delete, or null. */
export function deletingArgument(leaves: readonly JsonLeaf[]): JsonLeaf | null {
  for (const leaf of leaves) {
    const value = leaf.value.trim();
    if (value === '') continue;
    const key = foldDiacritics(leaf.key);
    if (OPERATION_KEY.test(key) && DELETE_OPERATION.test(foldDiacritics(value))) return leaf;
    if (DELETE_FLAG.test(key) && TRUE.test(value)) return leaf;
    if (ADD_LABEL_KEY.test(key) && TRASH_LABEL.test(value)) return leaf;
    if (DESTINATION_KEY.test(key) && BIN.test(value)) return leaf;
    // (a sub-request of a batch: {requests: [{method: "DELETE", url: "/me/messages/…"}]})
    if (leaf.key === 'method' && value === 'DELETE' && leaf.path.includes('.')) return leaf;
  }
  return null;
}
