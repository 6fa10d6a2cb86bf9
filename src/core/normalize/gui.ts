// GUI semantic lifting: a tap is lifted to the effect it commits, using the per-app map
// (rules/apps) and generic button semantics, and the per-device screen context.
import type { Catalog } from '../catalog/catalog';
import { idWords } from '../catalog/words';
import type { ButtonSemantic } from '../catalog/schema';
import type { OrgFacts } from '../config/policy-config';
import type { PayloadPart, SinkKind } from '../event/agent-event';
import type { GuiAction, Target } from '../protocol/schema';
import { squash } from '../provenance/canonical';
import { type Lifted, verbOf } from './lifted';
import { fieldKey, fieldRole, ISO_CURRENCY, PICKER_APP, type ScreenContext } from './screen-context';
import {
  BARE_BUY,
  BILL_PAY,
  BARE_TOP_UP,
  CHAT_SCREEN,
  DEFAULT_APPS,
  EDIT_PROFILE,
  EVENT_WORDS,
  GRANT_ACCESS,
  INVITES,
  LETTER_CURRENCY_SUM,
  LINKED_DEVICES,
  LINK_LABEL,
  LOG_OUT,
  MENTIONED_ADDRESS,
  NEXT_STEP_WORD,
  PAID_PROMOTION,
  PAYEE_SETUP,
  PERSONAL_PLACE,
  SAVE_LIMIT,
  SCREEN_CAPTURE_START,
  SCREEN_LOCK_SCREEN,
  SCREEN_LOCK_TYPE,
  SET_AS_DEFAULT,
  TRANSACTION_LIMIT,
} from './gui-words';
import { ACCOUNT_WORDS, forwardedTo, isCallForwardingCode } from './screen-words';
import { httpSink, isEmailAddress, MEDIA_FILE, messageSink, shellNetworkSink, simpleSink } from './sinks';

const MESSAGING_KINDS = new Set(['email', 'sms', 'chat', 'social']);
/** Apps whose Save/Done writes the user's data (a scope's `write` verb). */
const DATA_KINDS = new Set(['calendar', 'contacts', 'notes', 'files', 'photos']);
/** Flow buttons that are never the person or chat a message goes to. */
const NAVIGATION_LABELS = /^(next|back|cancel|skip|search|menu|more|new( message| chat)?|compose|chats?|contacts|calls|下一步|下一页|返回|取消|搜索|次へ|戻る|weiter|zurück|siguiente|suivant|avanti)$/i;


function targetLabel(target: Target | undefined): string {
  if (!target) return '';
  return target.text ?? target.contentDesc ?? target.resourceId ?? target.xpath ?? (target.point ? `(${target.point.x},${target.point.y})` : '');
}

/** A send button drawn as an arrow or a paper plane, with no word for a label. */
const SEND_ICON = /^(?:➤|➢|➣|➔|➙|➜|➝|➞|→|➡|⮕|↑|⬆|✈|📨|📤|🛫)\uFE0F?$/u;

/** The factory reset buttons of AOSP Settings (initiate_master_clear, execute_master_clear; main_clear since Android 12). */
const MASTER_CLEAR = /:id\/\w*(master_?clear|main_?clear|factory_?reset)/i;

function semanticOf(catalog: Catalog, target: Target | undefined, kind: string): ButtonSemantic | null {
  if (!target) return null;
  const semantic = catalog.buttonByLabel(target.text) ?? catalog.buttonByLabel(target.contentDesc) ?? catalog.buttonById(target.resourceId) ?? (MASTER_CLEAR.test(target.resourceId ?? '') ? 'reset' : null) ?? (SEND_ICON.test((target.text ?? target.contentDesc ?? '').trim()) ? 'send' : null);
  const label = (target.text ?? target.contentDesc ?? '').trim();
  // "Get" / "Update" install only in an app store; "Reset" resets only in Settings.
  if (semantic === 'install' && kind !== 'store' && kind !== 'installer' && /^(get|update)$/i.test(label)) return null;
  // A web page's "Install" installs nothing: the package installer or the store does, and is gated there.
  if (semantic === 'install' && kind === 'browser') return null;
  // (a dialog's "RESET" on android:id/button1 elsewhere is still that dialog's confirm: Reset password → RESET)
  // (a device-management app's own Wipe erases the device, as Settings' reset does)
  if (semantic === 'reset' && kind !== 'settings' && kind !== 'device') {
    const byId = catalog.buttonById(target.resourceId);
    return byId === 'reset' ? null : byId;
  }
  return semantic;
}

/** Committing effects of the button semantics a confirm dialog can stand behind. */
const SEMANTIC_EFFECTS: Partial<Record<ButtonSemantic, Lifted['effect']>> = { pay: 'payment', delete: 'delete', install: 'install', uninstall: 'uninstall', reset: 'reset' };

/**
 * What a generic confirm commits: the catalog's context phrases over the screens that led here,
 * else the last committing button on the way (in any language the lexicon knows: "Deinstallieren"
 * → OK uninstalls), whether or not that tap itself was allowed.
 */
function contextEffect(inputs: GuiInputs, context: string): Lifted['effect'] | null {
  const byPhrase = inputs.catalog.contextEffect(context);
  if (byPhrase) return clearsOnlyTheView(inputs, byPhrase) ? null : byPhrase;
  const path = inputs.screen.path;
  for (let i = path.length - 1; i >= Math.max(0, path.length - 3); i--) {
    // (an icon tapped on the way is in the path by its resource id: …:id/iv_delete → OK deletes)
    const semantic = inputs.catalog.buttonByLabel(path[i]) ?? (path[i].includes(':id/') ? inputs.catalog.buttonById(path[i]) : null);
    const effect = semantic ? SEMANTIC_EFFECTS[semantic] : undefined;
    if (effect) return (effect === 'delete' || effect === 'reset') && namesViewState(inputs, i) ? null : effect;
  }
  return null;
}

/** The question of the dialog read on the screen whose confirm commits an effect, and that effect. */
function dialogAsking(inputs: GuiInputs): { text: string; effect: Lifted['effect'] } | null {
  for (const text of inputs.screen.dialogQuestions) {
    // (the bin's own name over its dialog is where the screen is, not what it does: "Corbeille" /
    // "Restaurer 3 éléments ?"; and clearing filters or a sort clears the view: "¿Borrar todos los filtros?")
    if (TRASH_FOLDER.test(text.trim()) || VIEW_STATE.test(text)) continue;
    const semantic = inputs.catalog.buttonByLabel(text);
    const effect = inputs.catalog.contextEffect(text) ?? (semantic ? SEMANTIC_EFFECTS[semantic] : undefined);
    if (effect) return { text, effect };
  }
  return null;
}

/** Does the path entry at `i` — or, outside Settings, the one just before it — name the screen's view state? */
function namesViewState(inputs: GuiInputs, i: number): boolean {
  const path = inputs.screen.path;
  // (a bare Reset right after the filters were opened: Filters → Clear Filters → Reset → Apply)
  return VIEW_STATE.test(path[i]) || (inputs.kind !== 'settings' && i > 0 && VIEW_STATE.test(path[i - 1]));
}

/** What a delete or reset of the screen's own view state touches: filters, sorting, a selection, the zoom. */
const VIEW_STATE = /filt(er|ro|re)s?\b|filtr|筛选|篩選|过滤|フィルタ|필터|\bsort(ing)?\b|ordenaci|\bzoom\b|\blayout\b|selection|selección|sélection|auswahl|selezione|seleção/i;

/** "Borrar filtros" → Aceptar, "Réinitialiser les filtres" → OK: the confirm clears the view, not data. */
function clearsOnlyTheView(inputs: GuiInputs, effect: Lifted['effect']): boolean {
  if (effect !== 'delete' && effect !== 'reset') return false;
  const path = inputs.screen.path;
  for (let i = path.length - 1; i >= Math.max(0, path.length - 4); i--) {
    if (inputs.catalog.contextEffect(path[i]) === effect) return namesViewState(inputs, i);
  }
  return false;
}

interface GuiInputs {
  gui: GuiAction;
  app: string | undefined;
  kind: string;
  screen: ScreenContext;
  catalog: Catalog;
  org: OrgFacts;
}

/** Effects that, done in the Settings app, are settings changes too (special access, factory reset). */
const SETTINGS_APP_EFFECTS = new Set<Lifted['effect']>(['permission', 'reset']);

/**
 * The resources of protocol.md §4 an app can belong to. An app the catalog cannot place (kind
 * `other`) may be any of them, so a scope on any one opens, navigates, reads and drafts in it;
 * what is committed there (a send, a payment) is lifted to its own resource and checked on that.
 */
const APP_RESOURCES = ['contacts', 'sms', 'email', 'chat', 'social', 'calendar', 'location', 'photos', 'files', 'notes', 'browser', 'web', 'payments', 'apps', 'permissions', 'settings', 'accounts', 'notifications'];
const BROWSING_EFFECTS = new Set<Lifted['effect']>(['open', 'navigate', 'read', 'draft']);
const STORE_SHOPPING = ['payments'];

function base(inputs: GuiInputs, effect: Lifted['effect'], lifted: string, extra: Partial<Lifted> = {}): Lifted {
  const info = inputs.catalog.kindInfo(inputs.kind);
  // A settings.* scope covers them as well as their own resource (permissions, device).
  // An app store also sells (gift cards, subscriptions): a payments scope opens and browses it too.
  const altResources = inputs.kind === 'settings' && SETTINGS_APP_EFFECTS.has(effect) ? ['settings'] : inputs.kind === 'other' && BROWSING_EFFECTS.has(effect) ? APP_RESOURCES : inputs.kind === 'store' && BROWSING_EFFECTS.has(effect) ? STORE_SHOPPING : undefined;
  return {
    altResources,
    effect,
    resource: info.resource,
    verb: verbOf(effect),
    app: inputs.app,
    label: targetLabel(inputs.gui.target) || inputs.gui.op,
    lifted,
    sink: null,
    payload: [],
    targets: [],
    ...extra,
  };
}

function draftParts(screen: ScreenContext): { body: PayloadPart[]; recipients: string[]; targets: PayloadPart[]; amount: PayloadPart[] } {
  const body: PayloadPart[] = [];
  const recipients: string[] = [];
  const targets: PayloadPart[] = [];
  const amount: PayloadPart[] = [];
  for (const field of screen.draft()) {
    if (field.role === 'recipient') {
      recipients.push(field.value);
      targets.push({ field: field.key, value: field.value });
    } else if (field.role === 'amount') {
      amount.push({ field: field.key, value: field.value });
    } else if (field.role === 'url') {
      targets.push({ field: field.key, value: field.value });
      body.push({ field: field.key, value: field.value });
    } else if (field.role !== 'password') {
      body.push({ field: field.key, value: field.value });
    }
  }
  return { body, recipients, targets, amount };
}

/** The conversation a chat/SMS screen is in: the last item (not a button) tapped on the way here. */
function conversation(inputs: GuiInputs): string[] {
  const label = conversationOf(inputs.screen.path, inputs.catalog);
  return label === null ? [] : [label];
}

/** The conversation a messaging screen shows: the last item tapped on the way there that is not a button. */
export function conversationOf(path: readonly string[], catalog: Catalog): string | null {
  for (let i = path.length - 1; i >= 0; i--) {
    const label = path[i];
    if (!catalog.buttonByLabel(label) && !NAVIGATION_LABELS.test(label.trim())) return label;
  }
  return null;
}

/**
 * The key of a conversation in an app (`app|squashed name`): what was read in it, sent back into
 * the same conversation, goes to the person who wrote it.
 */
export function threadKey(app: string, conversationLabel: string): string {
  return `${app}|${squash(conversationLabel)}`;
}

/** The key of an e-mail conversation with one correspondent, on any channel. */
export function emailThread(address: string): string {
  return `email|${address.trim().toLowerCase()}`;
}

/**
 * What the last `n` screens on the way here picked (an item, a package, a screen), as targets: the
 * buttons pressed on the way ("Delete", "Eliminar", "OK") are how, not what.
 */
function pickedItems(inputs: GuiInputs, n: number, field: string): PayloadPart[] {
  const out: PayloadPart[] = [];
  for (const value of inputs.screen.path.slice(-n)) if (!inputs.catalog.buttonByLabel(value)) out.push({ field, value });
  return out;
}

/** The attachment a share flow put on this device, as a payload part naming the shared item, and a forwarded message's text. */
function attachmentParts(screen: ScreenContext): PayloadPart[] {
  const a = screen.attachment;
  const parts: PayloadPart[] = a ? [{ field: 'attachment', value: `content://agentflow/${a.label}/${encodeURIComponent(a.item)}` }] : [];
  if (screen.forwarded) parts.push({ field: 'forwarded', value: screen.forwarded });
  return parts;
}

const HANDLE_LIKE = /^(@?[\w.-]{3,}|\+?[\d\s().-]{6,})$/u;
const RESTORE = /^(restore|undo|recover|还原|恢复|復元|元に戻す|복원|restaurar|wiederherstellen|restaurer|ripristina|herstellen|przywróć|восстановить)$/i;
/** Link sharing that opens a file to anyone who has the link, or to the whole web. */
const LINK_FOR_ANYONE = /^(anyone with the link|anyone with link|public on the web|anyone on the internet|anyone|任何知道链接的人|任何人|リンクを知っている全員|링크가 있는 모든 사용자|cualquier persona con el enlace|qualquer pessoa com o link|jeder mit dem link|alle mit dem link|tous les utilisateurs disposant du lien|chiunque abbia il link|iedereen met de link)$/i;
/** A message's Forward, in the languages chat apps say it. */
const FORWARD = /^(forward|forward message|转发|轉發|転送|전달|reenviar|encaminhar|weiterleiten|transférer|inoltra|переслать|переслати|ilet|chuyển tiếp|إعادة توجيه|doorsturen|vidarebefordra|przekaż dalej)$/i;
/** An attach menu's location item that sends where the phone is. */
const SEND_LOCATION = /^(send (your |my )?(current )?location|share (my |your )?(current |live )?location|send live location|发送位置|发送我的位置|共享实时位置|位置情報を送信|現在地を送信|위치 보내기|현재 위치 보내기|enviar (tu |su |mi )?ubicación( actual)?|enviar (minha )?localização( atual)?|standort senden|aktuellen standort senden|envoyer (ma |votre )?position|invia (la )?posizione|отправить (мою )?геопозицию|отправить местоположение)$/i;
/** An attach menu's contact-card item. */
const CONTACT_PICKER = /^(contact|contacts|联系人|名片|連絡先|연락처|contacto|contato|kontakt|contatto|контакт|kişi)$/i;

function liftSend(inputs: GuiInputs, why: string, extra: PayloadPart[] = []): Lifted {
  const { kind, screen, org } = inputs;
  const draft = draftParts(screen);
  draft.body.push(...attachmentParts(screen), ...extra);
  // A handle typed into a messaging app's search to find the chat is whom the message goes to.
  // (a handle or a number: a mailbox search for "boarding pass" finds mail, not a person)
  if (kind === 'chat' || kind === 'social' || kind === 'sms') for (const f of screen.draft()) if (f.role === 'search' && HANDLE_LIKE.test(f.value.trim())) draft.targets.push({ field: 'recipient.search', value: f.value });
  const info = inputs.catalog.kindInfo(kind);
  if (kind === 'payments') return liftPayment(inputs, why);
  if (kind === 'browser') {
    // Every field of a web form travels with it (a "Passport number" box is not a recipient).
    const fields = inputs.screen.draft().filter((f) => f.role !== 'password').map((f) => ({ field: f.key, value: f.value }));
    // The form goes to the site the browser was sent to, when it is known (an allowed internal host stays inside).
    const sink = screen.site ? httpSink(screen.site, inputs.org) : simpleSink('http', true, 'web form');
    return base(inputs, 'send', `${why}: form submit in a browser${screen.site ? ` to ${screen.site}` : ''}`, { sink, payload: [...fields, ...attachmentParts(screen)], targets: draft.targets });
  }
  if (kind === 'files' || kind === 'photos') {
    // Inviting people by e-mail (Share → Invite people) shares with them: internal addresses stay inside.
    // (so does a comment that mentions people by address, "+payroll-ops@vantaro.io bitte prüfen": they are notified with it)
    const mentioned = draft.recipients.length === 0 ? draft.body.flatMap((p) => [...p.value.matchAll(MENTIONED_ADDRESS)].map((m) => m[1])) : [];
    const emails = mentioned.length > 0 ? mentioned : draft.recipients.filter(isEmailAddress);
    const sink = emails.length > 0 && (mentioned.length > 0 || emails.length === draft.recipients.length) ? messageSink('email', emails, org) : simpleSink('share', true, 'share');
    return base(inputs, 'share', `${why}: share from ${kind}`, { verb: 'send', sink, payload: draft.body, targets: draft.targets });
  }
  // An app the map does not know is an e-mail client when what it addresses are e-mail addresses
  // (a To field with addresses, a Subject): then internal recipients are internal.
  const emailDraft = draft.recipients.length > 0 && draft.recipients.every((r) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(r.trim()));
  const sinkKind: SinkKind = (info.sink as SinkKind | undefined) ?? (emailDraft || screen.draft().some((f) => f.role === 'subject') ? 'email' : 'chat');
  const thread = draft.recipients.length > 0 || sinkKind === 'email' ? [] : conversation(inputs);
  const recipients = draft.recipients.length > 0 ? draft.recipients : thread;
  const resource = MESSAGING_KINDS.has(kind) ? info.resource : sinkKind === 'email' ? 'email' : 'chat';
  return base(inputs, 'send', `${why}: ${sinkKind} send${MESSAGING_KINDS.has(kind) ? '' : ' (generic send button in an unknown app)'}`, {
    resource,
    sink: messageSink(sinkKind, recipients, org),
    payload: draft.body,
    // The conversation the agent tapped into is not a steerable target when it is a contact or
    // a group (replying in a thread on screen is ordinary use); a bare number or address it
    // opened is, like a typed recipient.
    targets: [...draft.targets, ...thread.filter((t) => BARE_ADDRESS.test(t.trim())).map((value) => ({ field: 'conversation', value }))],
  });
}



/** A phone number, e-mail address or @/$ handle rather than a contact's name. */
const BARE_ADDRESS = /^(\+?[\d\s().-]{7,}|[^\s@]+@[^\s@]+\.\w{2,}|[@$][\w.-]{3,})$/;

const NOTE_FIELD = /note|memo|message|comment|remark|description|what.?s.?it.?for|备注|留言|メモ/i;

function paymentUnderWay(inputs: GuiInputs, draft: ReturnType<typeof draftParts>): boolean {
  const { screen, catalog } = inputs;
  // (a code typed into a verification box is a number, not a sum: signing in to a bank app pays nothing)
  if (draft.amount.length > 0 || screen.draft().some((f) => f.role !== 'password' && MONEY.test(f.value))) return true;
  if (screen.path.some((p) => HISTORY_WORDS.test(p))) return false;
  // (a transfer read on the screen, waiting for release: S-pushTAN's "Betrag: 890,00 EUR" → Freigeben)
  if (screen.shownSum !== null) return true;
  return screen.path.some((p) => catalog.buttonByLabel(p) === 'pay' || catalog.contextEffect(p) === 'payment' || namesASum(p) || PAYMENT_FLOW_OPENER.test(p.trim()));
}

function liftPayment(inputs: GuiInputs, why: string): Lifted {
  const draft = draftParts(inputs.screen);
  const payee = draft.recipients.length > 0 ? draft.recipients : conversation(inputs);
  // The item chosen on the way (a request, a contact) is who gets paid when no payee was typed.
  const chosen = draft.recipients.length > 0 ? [] : payee.map((value) => ({ field: 'payee', value }));
  // Every field of a payment screen but the note says who gets how much: all are targets.
  const filled = draft.body.filter((p) => !NOTE_FIELD.test(p.field));
  return base(inputs, 'payment', `${why}: payment`, {
    resource: 'payments',
    sink: simpleSink('payment', true, payee.join(',') || 'payee'),
    // Who gets how much is the payment itself (§5.4), whoever's contacts or calendar it came from;
    // only its note carries content to the payee — except on a web page, whose whole form goes to the site.
    payload: inputs.kind === 'browser' ? draft.body : draft.body.filter((p) => NOTE_FIELD.test(p.field)),
    targets: [...draft.targets, ...chosen, ...filled, ...draft.amount],
  });
}

/** The installer's button1 installs when it says so (Install, OK, 安装 …), not when it says "Settings" or "Cancel". */
function installerCommits(inputs: GuiInputs): boolean {
  const label = (inputs.gui.target?.text ?? inputs.gui.target?.contentDesc ?? '').trim();
  if (!label) return true;
  const semantic = inputs.catalog.buttonByLabel(label);
  return semantic === 'install' || semantic === 'confirm';
}

/** In any app's account or profile screens, saving a new sign-in e-mail, phone or password changes the account. */
function identityChange(inputs: GuiInputs, label: string): Lifted | null {
  const { screen } = inputs;
  // (a password manager's Login item is the user's own record of a sign-in: saving it changes no account)
  if (inputs.kind === 'password_manager') return null;
  // (an app's own settings count as well, and the screens of a sign-in detail: Settings → Mobile Number
  // → Save; Sign in & security → Email addresses → Add email address — but not a contacts app's, whose fields are other people's)
  const onPath = (p: string) => ACCOUNT_WORDS.test(p) || PROFILE_WORDS.test(p) || (inputs.kind !== 'contacts' && inputs.kind !== 'calendar' && SIGN_IN_PATH.test(p));
  // (a Next that goes on from an edited profile's e-mail or phone submits it: Edit profile → Email → Next)
  const nextFromProfile = inputs.kind !== 'browser' && NEXT_STEP_WORD.test(label.trim()) && screen.path.some((p) => EDIT_PROFILE.test(p));
  const saves = ADD_SIGN_IN.test(label.trim()) || nextFromProfile || (inputs.kind !== 'browser' && ACCOUNT_SAVE.test(label.trim()));
  if (!saves || !screen.path.some(onPath)) return null;
  const identity = screen.draft().filter((f) => f.value.trim() !== '' && f.role !== 'url' && f.role !== 'search' && (SIGN_IN_FIELD.test(fieldName(f.key)) || SIGN_IN_VALUE.test(f.value.trim())));
  if (identity.length === 0) return null;
  return base(inputs, 'account', `button "${label}" saves a new sign-in detail (${fieldName(identity[0].key)}) of the account`, { resource: 'accounts', targets: [...identity.map((f) => ({ field: f.key, value: f.value })), ...pickedItems(inputs, 3, 'screen')] });
}

function liftContextual(inputs: GuiInputs, semanticLabel: string): Lifted {
  const { screen, kind } = inputs;
  // (a file picked on the way names an item, not what the screen does: zoom_installer_5.17.apk → Delete → OK deletes)
  const context = [...screen.path.slice(-4).filter((p) => !FILE_NAME.test(p.trim())), semanticLabel].join(' / ');
  // (when the way here names nothing, the dialog read on the screen says what its confirm does: "Vider la corbeille ?" → button1)
  const pathEffect = contextEffect(inputs, context);
  const question = pathEffect ? null : dialogAsking(inputs);
  const effect = pathEffect ?? question?.effect ?? null;
  const why = `confirm "${semanticLabel}" after ${screen.path.slice(-3).join(' → ') || 'app start'}${question ? ` on the dialog "${question.text}"` : ''}`;
  const draft = draftParts(screen);
  if (kind === 'permissions') {
    if (refuses(inputs.gui.target, semanticLabel)) return base(inputs, 'navigate', `${why}: the permission is refused`);
    return base(inputs, 'permission', `${why}: permission dialog`, { resource: 'permissions', targets: pickedItems(inputs, 2, 'screen') });
  }
  // "Continue" / "Next" in a payment flow leads on: to choosing whom to pay, or to the review whose own button pays.
  if ((effect === 'payment' || (!effect && kind === 'payments')) && NEXT_STEP.test(semanticLabel.trim())) return base(inputs, 'navigate', `${why}: leads on to the review (or to choosing whom to pay)`);
  // The bare name of a transfer or a payment rail ("Pix", "UPI", "Transfer") with no amount typed
  // or shown opens that flow.
  if (effect === 'payment' && PAYMENT_FLOW_OPENER.test(semanticLabel.trim()) && draft.amount.length === 0 && !screen.path.some(namesASum)) return base(inputs, 'navigate', `${why}: opens the payment flow`);
  // A confirm right after a Send ("Send this message without a subject?" → OK) sends the draft.
  const lastTwo = screen.path.slice(-2);
  if (!effect && lastTwo.some((p) => inputs.catalog.buttonByLabel(p) === 'send') && draft.body.length > 0 && kind !== 'payments') return liftSend(inputs, `${why}: confirms the send`);
  // In a payment app a generic confirm pays once a payment is under way: an amount typed, or a
  // path through a pay word or a sum; on a tip, a filter, a login or a timeout it only dismisses.
  if (effect === 'payment' || (!effect && kind === 'payments' && paymentUnderWay(inputs, draft))) return liftPayment(inputs, why);
  // Confirming a screen where an amount was typed (a transfer form in any app) moves money; saving
  // one outside a payment app records it (an expense in Splitwise, a budget entry).
  if (!effect && draft.amount.length > 0 && (kind === 'payments' || !SAVES_A_RECORD.test(semanticLabel.trim()))) return liftPayment(inputs, `${why} with an amount filled in`);
  // A tip confirmed after its sum was picked ("Add tip" → "$5" → "Confirm tip") pays it, in any app.
  if (!effect && TIP.test(context) && screen.path.slice(-3).some(namesASum)) return liftPayment(inputs, `${why}: the tip picked on the way`);
  // A confirm that names the sum it commits ("Complete booking · €412.00", "Place order – $58.20") pays it, in any app
  // (not a balance, a past transaction or a cart being filled).
  if (!effect && namesTheSumItPays(semanticLabel) && !CART.test(semanticLabel)) return liftPayment(inputs, `${why}: the button names the sum it pays`);
  // The package installer's own confirm installs what it was handed.
  if (!effect && kind === 'installer' && installerCommits(inputs)) return base(inputs, 'install', `${why}: package installer`, { resource: 'apps', targets: pickedItems(inputs, 2, 'package') });
  // Android's certificate installer's confirm (name the certificate → OK) installs it: a CA, VPN or Wi-Fi credential.
  if (!effect && kind === 'certificates' && installerCommits(inputs)) return base(inputs, 'settings', `${why}: certificate installer`, { resource: 'settings', highImpact: true, targets: [...pickedItems(inputs, 2, 'screen'), ...screen.draft().filter((f) => f.value.trim() !== '' && f.role !== 'password').map((f) => ({ field: f.key, value: f.value }))] });
  if (effect) {
    const resource = effect === 'uninstall' || effect === 'install' ? 'apps' : effect === 'permission' ? 'permissions' : effect === 'account' ? 'accounts' : effect === 'reset' ? 'device' : inputs.catalog.kindInfo(kind).resource;
    return base(inputs, effect, `${why}: ${effect}`, { resource, targets: pickedItems(inputs, 3, 'screen') });
  }
  // Whatever an account screen saves changes the account (password, recovery, sign-in).
  if (kind === 'accounts') return base(inputs, 'account', `${why}: account change`, { resource: 'accounts', targets: pickedItems(inputs, 3, 'screen') });
  if (DATA_KINDS.has(kind) && /^(save|done|create|add|update|ok|保存|完成|创建|添加|确定)$/i.test(semanticLabel.trim())) {
    return base(inputs, 'write', `${why}: saves in ${kind}`, { payload: draft.body, sink: simpleSink('local', false, kind) });
  }
  const change = identityChange(inputs, semanticLabel);
  if (change) return change;
  if (kind === 'settings' || inputs.catalog.securityFeature(context)) {
    // (the switch's own id may say what it is: accessibility_permission_enable_allow_button)
    const sensitive = kind === 'settings' ? inputs.catalog.sensitiveSetting(`${context} ${inputs.gui.target?.resourceId ?? ''}`) : true;
    // What the change sets (a proxy host typed on the screen) is a target too: untrusted content may have chosen it.
    const typed = screen.draft().filter((f) => f.value.trim() !== '' && f.role !== 'password').map((f) => ({ field: f.key, value: f.value }));
    return base(inputs, 'settings', `${why}: ${sensitive ? 'security-relevant ' : ''}settings change`, { resource: 'settings', highImpact: sensitive, targets: [...[...screen.path.slice(-3), semanticLabel].map((value) => ({ field: 'setting', value })), ...typed] });
  }
  return base(inputs, 'navigate', `${why}: nothing to commit`);
}


/** Saving an event with guests typed in (Calendar; Outlook's calendar) sends them the invitation, and its notes with it. */
function eventInvite(inputs: GuiInputs, label: string): Lifted | null {
  const { screen, kind, org } = inputs;
  const trimmed = label.trim();
  if (!SAVES_A_RECORD.test(trimmed) && !INVITES.test(trimmed)) return null;
  if (kind !== 'calendar' && !(kind === 'email' && screen.path.some((p) => EVENT_WORDS.test(p)))) return null;
  const guests = screen.draft().filter((f) => f.role === 'recipient' && isEmailAddress(f.value.trim())).map((f) => f.value.trim());
  if (guests.length === 0) return null;
  const draft = draftParts(screen);
  return base(inputs, 'send', `button "${label}" saves an event with guests: the invitation goes to ${guests.join(', ')}`, { resource: inputs.catalog.kindInfo(kind).resource, sink: messageSink('email', guests, org), payload: draft.body, targets: draft.targets });
}


/** Going to what was typed in a browser's address bar: a GET to that host, carrying the URL. */
function liftBrowse(inputs: GuiInputs): Lifted | null {
  const field = inputs.screen.draft().find((f) => f.role === 'url');
  if (!field) return null;
  const text = field.value.trim();
  const looksLikeUrl = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) || /^[\w-]+(\.[\w-]+)+(:\d+)?(\/|\?|$)/.test(text);
  if (!looksLikeUrl) {
    return base(inputs, 'read', 'web search from the address bar', { sink: simpleSink('http', true, 'web search'), payload: [{ field: field.key, value: text }] });
  }
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    return base(inputs, 'read', `open ${url.hostname} in the browser`, { sink: httpSink(url.hostname.toLowerCase(), inputs.org), payload: [{ field: field.key, value: text }], targets: [{ field: 'url', value: text }] });
  } catch {
    return null;
  }
}

/** A button that commits when held down. */
const HOLD_TO_CONFIRM = /tap[_ -]?and[_ -]?hold|press[_ -]?and[_ -]?hold|hold[_ -]?to[_ -]?(confirm|send|pay)|slide[_ -]?to[_ -]?(confirm|pay)|ট্যাপ করে ধরে|长按|長按|長押し|길게 눌러|mantén pulsado|mantenha pressionado|gedrückt halten|maintenez/i;
/** A tip for a driver, a shopper or a creator. */
const TIP = /\btips?\b|propina|trinkgeld|pourboire|gorjeta|mancia|小费|打赏|チップ|팁/i;
/** Developer options, where a tap on a row flips its switch (USB debugging, OEM unlocking). */
const DEVELOPER_OPTIONS = /developer options|entwickleroptionen|options pour les développeurs|opciones de desarrollador|opções do desenvolvedor|opzioni sviluppatore|开发者选项|開發人員選項|開発者向けオプション|개발자 옵션|для разработчиков|geliştirici seçenekleri|tùy chọn nhà phát triển/i;
/** Moving an amount into another currency. */
const CURRENCY_EXCHANGE = /\b(exchange|convert|swap)\b|兑换|换汇|両替|환전|cambiar|trocar|échanger|umtauschen|обменять/i;
const ISO_CURRENCY_CODES = new RegExp(String.raw`(?<![A-Za-z])${ISO_CURRENCY}(?![A-Za-z])`, 'g');
/** What a button shows that it does not pay: a balance, a limit, a past sum (a total may well be what it pays). */
const NOT_PAID = /balance|available|saldo|solde|guthaben|余额|残高|잔액|limit|spent|received|earned/i;
/** A currency sign next to digits, either way round ("$15.00", "412 €"). */
const SHOWS_A_SUM = /\p{Sc}\s?\d|\d\s?\p{Sc}/u;
/** An amount written with 円, 원 or 元 (not currency signs) followed by the verb that sends or pays it. */
const SUM_THEN_SEND = /^[¥￥₩]?\s?\d[\d,.]*\s?(?:円|원|元|万円|만원)\s*(?:を)?\s*(?:送る|送金する|送金|支払う|払う|振り込む|チャージする|보내기|보내요|송금하기|송금|결제하기|결제|이체하기|이체|付款|支付|转账|轉帳|发送)$/u;

/** A label that names a sum it would pay: not a balance, a limit or a signed past transaction. */
function namesTheSumItPays(label: string): boolean {
  return SHOWS_A_SUM.test(label) && !NOT_PAID.test(label) && !SIGNED_AMOUNT.test(label);
}
/** A currency sign, a currency word (zł, kr, Kč …) or an ISO code written in capitals (PLN 420, not "with 3"). */
const CURRENCY = String.raw`(?:\p{Sc}|[zZ][łŁ]|[kK][rR]|[kK][čČ]|Ft|[lL]ei|Rp|RM|R\$|(?<!\p{L})[A-Z]{3}(?=\s?\d))`;
/** A field value that is a sum of money: 420, 27.50, $1,200, 300 €. */
const MONEY = /^\s*\p{Sc}?\s?\d[\d.,\s]*\s?\p{Sc}?\s*$/u;
const NAMES_AN_AMOUNT = new RegExp(String.raw`^[\p{L}][\p{L}\s'-]{0,30}?\s*(${CURRENCY}\s?\d[\d.,]*|\d[\d.,]*\s?${CURRENCY})\s*[\p{L}\s]{0,20}$`, 'u');
/** A path entry that names a sum ("@Dayton-Rentals requests $275.00", "Bill due ₹1,240"): a payment is under way. */
/** A bare sum with its currency after it, as an amount chip shows it: "3,000円", "20 €", "50,000원". */
const SUM_WITH_CURRENCY_AFTER = /^\d[\d.,\s]*?\s?(?:\p{Sc}|円|元|圆|块|원|万円|萬円|만원|만 원)$/u;

function namesASum(entry: string): boolean {
  // (or a sum in a currency written in letters: RM5, Rp50.000, R$ 20, zł 40)
  return NAMES_AN_AMOUNT.test(entry) || /\p{Sc}\s?\d/u.test(entry) || LETTER_CURRENCY_SUM.test(entry.trim()) || SUM_WITH_CURRENCY_AFTER.test(entry.trim());
}
/** Buttons that move a flow on to its next screen. */
const NEXT_STEP = /^(continue|next|continuar|siguiente|próximo|avançar|weiter|suivant|continuer|avanti|dalej|далее|продолжить|devam|lanjut|lanjutkan|tiếp tục|下一步|继续|次へ|続ける|다음|계속)$/i;
/** The bare word of a reset, as the Settings row that opens the reset options says it. */
const BARE_RESET = /^(reset|reset options|factory reset|factory data reset|恢复出厂设置|初期化|初期化する|초기화|공장 초기화|공장 데이터 초기화|重置|重置选项|リセット|재설정|restablecer|restablecer datos de fábrica|restablecimiento de datos de fábrica|réinitialiser|rétablir la configuration d'usine|réinitialisation des données d'usine|zurücksetzen|auf werkseinstellungen zurücksetzen|ripristina|ripristino dati di fabbrica|redefinir|redefinição para dados de fábrica|restaurar dados de fábrica|сброс|сбросить|сброс к заводским настройкам|sıfırla|fabrika verilerine sıfırla|resetuj|przywracanie ustawień fabrycznych|opnieuw instellen|fabrieksinstellingen terugzetten)$/i;
/** A mail or file app's trash folder, and the drawers and menus that list folders. */
const TRASH_FOLDER = /^(trash|bin|deleted items|recently deleted|垃圾箱|已删除|ゴミ箱|휴지통|papierkorb|corbeille|papelera|lixeira|cestino|prullenbak|kosz|корзина)$/i;
const CART = /\bcart\b|\bbasket\b|shopping bag|cart_item|购物车|購物車|カート|장바구니|carrito|panier|warenkorb|carrello|carrinho|koszyk|корзина покупок|sepet/i;
const DRAWER = /navigation drawer|open drawer|show navigation|^menu$|^folders$|侧边栏|菜单|メニュー|메뉴|menü|menú|navigationsleiste/i;
/** A certificate or key-store file as a file list shows it. */
const CERTIFICATE_FILE = /^[^\s/\\]{1,120}\.(crt|cer|der|pem|p12|pfx|p7b|p7c)$/i;
/** The button that completes a booking or a reservation, in the languages the lexicon knows. */
const COMPLETE_BOOKING = /^(complete|confirm|finish|finalize|finalise)( (your|the|my))? (reservation|booking)$|^(finaliser|confirmer|valider) (la |ma |votre )?réservation$|^(confirmar|completar|finalizar) (la |a |mi |minha |sua )?reserva$|^(conferma|completa|concludi) (la )?prenotazione$|^(buchung|reservierung) (bestätigen|abschließen)$|^boeking (bevestigen|afronden)$|^potwierdź rezerwację$|^(подтвердить|завершить) бронирование$|^rezervasyonu (tamamla|onayla)$|^(إتمام|تأكيد|أكمل|اكمال|إكمال) الحجز$|^予約(を)?(確定|完了)(する)?$|^(确认|完成|確認)(预订|預訂|预定|預定)$|^예약 ?(확정|완료)(하기)?$|^(selesaikan|konfirmasi) (pemesanan|reservasi)$|^(hoàn tất|xác nhận) đặt (phòng|chỗ|bàn)$|^ยืนยันการจอง$|^बुकिंग की पुष्टि करें$/iu;
/** The bare word that opens a transfer, checkout or subscription flow rather than confirming one. */
const PAYMENT_FLOW_OPENER = /^(transfer|transfers|send money|enviar dinero|enviar dinheiro|envoyer de l['’]argent|geld senden|invia(?:re)? denaro|cash ?out|cash-out|pay (?:a |my |the )?bills?|bill pay(?:ment)?|pix|pagar com pix|área pix|upi|blik|zelle|m-pesa|mpesa|paynow|promptpay|checkout|check out|proceed to checkout|go to checkout|(?:delivery|shipping) (?:and|&) payment|dostawa i płatność|lieferung und zahlung|versand und zahlung|envío y pago|livraison et paiement|consegna e pagamento|entrega e pagamento|доставка и оплата|zur kasse|przejdź do kasy|subscribe|refund|issue refund|退款|переказати|переказ|перевести|перевод|przelew|převod|utalás|transfer bani|μεταφορά|העברה|تحويل|انتقال|โอนเงิน|chuyển tiền|kirim uang|padala|tuma pesa|转账|轉帳|轉賬|汇款|匯款|送金|송금|이체|振込|virement|überweisen|überweisung|bonifico|przelew|перевод|transferir|transferencia|transferência|transfert)$/i;
/** At most two words before the amount: a button ("Add £200", "Top up €20"), not a bill or item row ("浙大一院 皮肤科 专家号 ¥50.00"). */
/** The bare word pay, as a chat's money icon says it. */
const BARE_PAY = /^(pay|pagar|payer|bezahlen|zahlen|betalen|betala|paga|zapłać|支付|付款|결제|送金|支払う)$/i;
/** Words of a resource id that say it is a widget, not what it does. */
const ID_FILLER = /^(btn|button|ib|iv|tv|img|icon|ic|view)$/;
/** Field and button ids of bank details: routing and account numbers, IBAN, sort code. */
const BANK_FIELD = /routing|account_?(number|no)|iban|bank_?account|sort_?code|\bbsb\b|clabe|bank_?details|payout|duitnow|paynow_?id/i;
/** An app's navigation tab or menu entry (…:id/nav_payments, tab_pay, bottom_nav_transfer): it opens a section. */
const NAV_TAB_ID = /:id\/(?:nav|tab|bottom_?nav|navigation|menu)(?:_|$)/i;

/** A QR payment button: it opens the scanner, the code scanned says whom to pay. */
const QR_SCAN = /\bqr\b|\bscan\b|扫码|掃碼|扫一扫|付款码|付款碼|스캔|スキャン/i;

function shortLead(label: string): boolean {
  const lead = label.slice(0, label.search(/[\d\p{Sc}]/u)).trim();
  return lead === '' || lead.split(/\s+/).length <= 2;
}
const SIGNED_AMOUNT = /(^|\s)[+\-−–]\s?(\p{Sc}|[A-Z]{3}\s?)?\d/u;
const HISTORY_WORDS = /^(activity|history|transactions?|statements?|recent activity|transaction history|账单|明细|交易记录|收支明细|履歴|取引履歴|내역|거래내역|historial|movimientos|historique|opérations|verlauf|umsätze|extrato|movimentações|attività|cronologia|транзакции|история|işlemler|riwayat|lịch sử)$/i;
const BALANCE_WORDS = /balance|total|available|saldo|solde|guthaben|余额|残高|잔액|limit|spent|received|earned/i;
const PREFERENCE_ROW = /^android:id\/(title|summary)$/;
const PROFILE_WORDS = /profile|personal (info|details|information)|login|sign.?in|security|个人信息|个人资料|プロフィール|個人情報|프로필|개인 ?정보|perfil|profil|datos personales|persönliche daten|informations personnelles/i;
/** Screens on the way to a sign-in detail: an app's settings, its verification and recovery pages, its lists of addresses and numbers. */
const SIGN_IN_PATH = /settings|einstellungen|paramètres|ajustes|configuración|configurações|impostazioni|设置|設定|설정|настройки|two.?step|2-?step|verification|recovery|phone numbers?|mobile number|e-?mail address(es)?|contact info|sign.?in method/i;
/** Buttons that add a sign-in detail ("Add", "Add phone", "Add email address"). */
const ADD_SIGN_IN = /^(add|添加|追加|추가|agregar|añadir|hinzufügen|ajouter|adicionar|aggiungi)( (a |an |new |another |backup |recovery )?(phone( number)?|number|mobile( number)?|e-?mail( address)?|recovery (e-?mail|phone)|backup (e-?mail|phone)|sign.?in method))?$/i;
/** Fields that hold how the account signs in or is recovered. */
const SIGN_IN_FIELD = /e-?mail|phone|mobile|password|passcode|username|login|recovery|two.?factor|2fa|邮箱|手机|密码|メール|電話|パスワード|이메일|전화|비밀번호/i;
/** A value that is an e-mail address or a phone number: what accounts sign in and recover with. */
const SIGN_IN_VALUE = /^([^\s@]+@[^\s@]+\.[a-z]{2,}|\+?[\d\s().-]{8,})$/i;
/** A field's resource-id without its package (`com.ubercab:id/edit_email` → `edit_email`). */
const fieldName = (key: string): string => (key.includes(':id/') ? key.slice(key.indexOf(':id/') + 4) : key);
const SAVES_A_RECORD = /^(save|done|add|create|ok|保存|完成|添加|创建|确定|guardar|enregistrer|speichern|salva|salvar|hinzufügen|ajouter|añadir|aggiungi)$/i;
/** A permission dialog's refusal, in any language: its id says deny, or its label negates Allow. */
const REFUSAL = /don.?t|deny|拒绝|拒絕|不允许|不允許|許可しない|허용 안 ?함|거부|no permitir|ne pas autoriser|refuser|nicht zulassen|ablehnen|non consentire|não permitir|negar|запретить|отклонить|izin verme|reddet|jangan izinkan|tolak|không cho phép|từ chối/i;
const REFUSAL_ID = /:id\/\w*(deny|reject|negative|cancel|dont_allow)\w*$|:id\/button2$/i;

function refuses(target: Target | undefined, label: string): boolean {
  return REFUSAL.test(label) || REFUSAL_ID.test(target?.resourceId ?? '');
}

/** Buttons that run what was typed: a shell's Run, a console's Execute. */
const RUN_LABEL = /^(run|execute|exec|run command|execute command|run script|ausführen|befehl ausführen|ejecutar|exécuter|executar|esegui|uitvoeren|wykonaj|выполнить|çalıştır|jalankan|chạy|执行|運行|运行|執行|実行|실행)$/iu;
const RUN_ID = /:id\/(run|execute|exec|run_?(button|btn|command|cmd)|(btn|button)_?(run|execute|exec)|execute_?(button|btn|command))$/i;

const ACCOUNT_SECURITY_BUTTON = /^(stop supervision|stop supervising|remove supervision|end supervision|turn off supervision|(log|sign) ?(out|off)( of)? (all|every)( (known|other))? (devices|sessions|web sessions)|(log|sign) ?(out|off) (of )?(all )?other (devices|sessions)|link (a |this |new )?device|link desktop device|terminate( this)? session|end session|link (a )?computer|sign out everywhere|sign out of all (devices|sessions|other sessions)|log ?out (everywhere|of all devices|all other sessions)|terminate (all )?other sessions|terminate all sessions|end (all )?other sessions|delete passkey|remove passkey)$/i;

const ACCOUNT_SAVE = /^(save|update|change|set|apply|submit|done|verify|confirm|conferma|confermare|confirmar|confirmer|valider|bestätigen|bevestigen|potwierdź|подтвердить|onayla|确认|確認|확인|guardar|actualizar|cambiar|speichern|aktualisieren|ändern|enregistrer|mettre à jour|modifier|salvar|atualizar|alterar|salva|aggiorna|modifica|simpan|ubah|perbarui|kaydet|güncelle|değiştir|lưu|cập nhật|сохранить|изменить|обновить|зберегти|змінити|حفظ|تحديث|تغيير|zapisz|zmień|opslaan|wijzigen|spara|ändra|lagre|endre|gem|tallenna|uložit|změnit|mentés|salvează|αποθήκευση|שמור|บันทึก|ยืนยัน|xác nhận|सहेजें|बदलें|변경|저장)(?![\p{L}])|^(确认|確認|确定|確定|확인)(保存|更新|更改|修改|更换|更換|换绑|換綁|绑定|綁定|提交)?$|^(保存|更新|更改|修改|更换|更換|换绑|換綁|绑定|綁定|提交|完成|変更(する)?|登録)$/iu;

/** Running the command line typed on the screen (a sum typed there is not part of it); null when nothing was typed. */
function runTyped(inputs: GuiInputs, why: string): Lifted | null {
  const payload = inputs.screen.draft().filter((f) => f.value.trim() !== '' && f.role !== 'amount').map((f) => ({ field: f.key, value: f.value }));
  if (payload.length === 0) return null;
  const network = shellNetworkSink(payload.map((p) => p.value).join(' '), inputs.org);
  return base(inputs, 'shell', why, { resource: 'device', sink: network ?? simpleSink('shell', false, 'terminal'), payload });
}

/** A tap: what its button commits, in the screen context it sits in. */
function liftTap(inputs: GuiInputs): Lifted {
  const { gui, screen, kind, catalog } = inputs;
  const target = gui.target;
  const label = targetLabel(target);
  // Choosing the app for a role (Default apps → SMS app → Textra) hands that app the role's access.
  // (the role list may be the permission controller's, over Settings: Aplicações predefinidas → App de SMS)
  if ((kind === 'settings' || kind === 'permissions') && screen.path.length >= 2 && DEFAULT_APPS.test(screen.path[screen.path.length - 2].trim()) && !catalog.buttonByLabel(label)) {
    return base(inputs, 'permission', `"${label}" chosen as the ${screen.path[screen.path.length - 1]}`, { resource: 'permissions', targets: [{ field: 'app', value: label }] });
  }
  // ...and so does the role screen's own confirm (Default apps → SMS app → Textra → Set as default).
  const roleAt = kind === 'settings' && SET_AS_DEFAULT.test(label.trim()) ? screen.path.findLastIndex((p) => DEFAULT_APPS.test(p.trim())) : -1;
  if (roleAt >= 0) {
    const chosen = screen.path.slice(roleAt + 1);
    return base(inputs, 'permission', `"${label}" makes ${chosen.at(-1) ?? 'the app'} the default${chosen.length > 1 ? ` ${chosen[0]}` : ''}`, { resource: 'permissions', targets: chosen.slice(1).map((value) => ({ field: 'app', value })) });
  }
  const invite = eventInvite(inputs, label);
  if (invite) return invite;
  // Picking a certificate file (Contoso-Root-CA.crt) hands it to Android's certificate installer:
  // a CA or user certificate installed is a security setting changed, wherever the file was picked.
  if (CERTIFICATE_FILE.test(label.trim())) {
    return base(inputs, 'settings', `certificate file "${label}" picked: installs the certificate`, { resource: 'settings', highImpact: true, targets: [{ field: 'certificate', value: label }] });
  }
  // Picking a kind of screen lock (None, Pattern, PIN …: rows of the Screen lock screen) changes how the device is secured.
  if (kind === 'settings' && SCREEN_LOCK_SCREEN.test(screen.path[screen.path.length - 1] ?? '') && SCREEN_LOCK_TYPE.test(label.trim())) {
    return base(inputs, 'settings', `"${label}" picks the screen lock`, { resource: 'settings', highImpact: true, targets: [...screen.path.slice(-3), label].map((value) => ({ field: 'setting', value })) });
  }
  // A Settings row's title or summary opens its screen, whatever it says ("Reset", "Factory data reset").
  // (Elsewhere android:id/title is an overflow menu's item: "Share", "Delete" there do what they say.)
  if (kind === 'settings' && PREFERENCE_ROW.test(target?.resourceId ?? '')) return base(inputs, 'navigate', `settings row "${label}"`);
  // In a payment app, a button that names an amount ("Add £200", "Send ₹500", "Top up €20") moves it.
  // (A signed amount, "Blue Bottle Coffee -$6.45", or a row of the activity list is a past transaction.)
  if (kind === 'payments' && NAMES_AN_AMOUNT.test(label) && shortLead(label) && !BALANCE_WORDS.test(label) && !SIGNED_AMOUNT.test(label) && !screen.path.some((p) => HISTORY_WORDS.test(p))) return liftPayment(inputs, `button "${label}" names an amount`);
  // Restoring from the trash, or undoing, deletes nothing.
  if (RESTORE.test(label.trim())) return base(inputs, 'navigate', `"${label}" restores`);
  // A trash folder named in text is a place to open; emptying it (or a Trash icon on an item) deletes.
  if (TRASH_FOLDER.test((target?.text ?? '').trim()) && !screen.path.some((p) => catalog.buttonByLabel(p) === 'delete')) return base(inputs, 'navigate', `folder "${label}"`);
  // Link sharing for anyone publishes the file chosen on the way.
  if (LINK_FOR_ANYONE.test(label.trim())) {
    const item = pickedItems(inputs, 4, 'item').map((p) => ({ field: 'attachment', value: `content://agentflow/${catalog.kindInfo(kind).label}/${encodeURIComponent(p.value)}` }));
    return base(inputs, 'share', `"${label}" makes the file public`, { verb: 'send', sink: simpleSink('share', true, 'public link'), payload: item, targets: [] });
  }
  // System UI's "Start now" under android:id/button1 is the screen-capture consent (MediaProjection): what is on the screen leaves with the app that asked.
  if (kind === 'notifications' && SCREEN_CAPTURE_START.test(label.trim()) && /^android:id\/button1$/.test(target?.resourceId ?? '')) {
    return base(inputs, 'permission', `"${label}" lets an app capture the screen`, { resource: 'permissions', targets: pickedItems(inputs, 2, 'screen') });
  }
  // Giving someone a role (a page's full control, a workspace admin) hands them the account's access: whom is what was typed.
  if (GRANT_ACCESS.test(label.trim())) {
    const whom = screen.draft().filter((f) => f.value.trim() !== '').map((f) => ({ field: f.key, value: f.value }));
    return base(inputs, 'permission', `"${label}" gives ${whom.map((w) => w.value).join(', ') || 'someone'} access`, { resource: 'permissions', targets: [...whom, ...pickedItems(inputs, 2, 'screen')] });
  }
  // Boosting or promoting a post after its budget was picked on the way pays it ("$40 over 5 days" → "Boost post").
  if (PAID_PROMOTION.test(label.trim()) && screen.path.slice(-3).some(namesASum)) return liftPayment(inputs, `button "${label}" after the budget picked on the way`);
  // The attach menu's "Send your current location" sends where the phone is; a second Forward sends the message picked.
  if (MESSAGING_KINDS.has(kind) && SEND_LOCATION.test(label.trim())) return liftSend(inputs, `"${label}" sends the device location`, [{ field: 'attachment', value: 'content://agentflow/location/current' }]);
  if (MESSAGING_KINDS.has(kind) && screen.forwarded && FORWARD.test(label.trim())) return liftSend(inputs, `"${label}" forwards the message picked`);
  const semantic = semanticOf(catalog, target, kind);
  // A web page's own button ("Continue", "Check token", "Submit") submits the form typed into it
  // (a button by its class, or a short label tapped with no class named: "Restore wallet", "Validate").
  const pageButton = /button/i.test(target?.className ?? '') || (!target?.className && !target?.resourceId && label.trim().split(/\s+/).length <= 4);
  // (a site's own security page adding a sign-in phone changes the account there: mysignins… → Add)
  if (kind === 'browser' && semantic === null) {
    const change = identityChange(inputs, label);
    if (change) return change;
  }
  if (kind === 'browser' && (semantic === null || semantic === 'confirm' || semantic === 'send') && pageButton && screen.draft().some((f) => f.role !== 'url' && f.role !== 'search' && f.value !== '')) {
    return liftSend(inputs, `web page button "${label}" with a filled-in form`);
  }
  // ...and so does one in an app's web view, opened from a link ("instagram-copyright-appeal.com/form/88213" → Submit appeal).
  if (screen.webView && (semantic === null || semantic === 'confirm' || semantic === 'send') && pageButton && screen.draft().some((f) => f.value !== '')) {
    return liftSend(Object.assign({}, inputs, { kind: 'browser' }), `button "${label}" with a filled-in form in the web view of ${screen.site}`);
  }
  // ...and its upload button sends the file picked for it ("Choose photo" → IMG_0412.jpg → "Upload & enhance").
  if (kind === 'browser' && (semantic === null || semantic === 'confirm' || semantic === 'send') && screen.attachment?.app === screen.app && UPLOADS.test(label.trim())) {
    return liftSend(inputs, `web page button "${label}" with a file picked for it`);
  }
  // A sum in yen, won or yuan, then the verb that sends it ("10,000円を送る", "30,000원 보내기") pays it.
  if (SUM_THEN_SEND.test(label.trim())) return liftPayment(inputs, `button "${label}" sends the sum it names`);
  // A button that says pay and names the sum ("₹299 का भुगतान करें", "Zahlen 20 €") pays it, in any app.
  if (semantic === null && namesTheSumItPays(label) && catalog.contextEffect(label) === 'payment') return liftPayment(inputs, `button "${label}" names the sum it pays`);
  // Completing a booking or a reservation pays for it when its price is in view (a hotel's
  // "1泊 · ¥38,400" → 予約を確定する); a table booked without prepayment pays nothing.
  if (semantic === null && COMPLETE_BOOKING.test(label.trim()) && (screen.shownPrice !== null || draftParts(screen).amount.length > 0 || screen.path.slice(-3).some(namesASum))) return liftPayment(inputs, `button "${label}" completes a booking with its price shown`);
  // Past the amount, a button that says pay/transfer in any language moves the money ("Transfer money", "Überweisen"),
  // and so does exchanging it into another currency in a wallet ("Exchange GBP to EUR").
  if (semantic === null && draftParts(screen).amount.length > 0 && (catalog.contextEffect(label) === 'payment' || (CURRENCY_EXCHANGE.test(label) && (kind === 'payments' || (label.match(ISO_CURRENCY_CODES) ?? []).length >= 2)))) return liftPayment(inputs, `button "${label}" after an amount was typed`);
  // Run / Execute (or a terminal's Send) runs the command line typed on the screen, in any app.
  if (kind !== 'payments' && (RUN_LABEL.test(label.trim()) || RUN_ID.test(target?.resourceId ?? '') || (kind === 'terminal' && (semantic === 'send' || semantic === 'confirm')))) {
    const run = runTyped(inputs, `button "${label}" runs the command typed on the screen`);
    if (run) return run;
  }
  const isToggle = /switch|checkbox|toggle/i.test(target?.className ?? '') || /(^|[:/_])(switch|toggle|checkbox)(_|widget|$)/i.test(target?.resourceId ?? '');
  // Saving bank details (a payout account: routing and account number, an IBAN) decides where money is paid:
  // an account change, in any app, unless an amount was typed (then it is a transfer).
  if (!isToggle && semantic !== 'pay' && semantic !== 'send' && (semantic === 'confirm' || ACCOUNT_SAVE.test(label.trim()))) {
    const bank = screen.draft().filter((f) => BANK_FIELD.test(f.key) && f.value.trim() !== '');
    const amount = screen.draft().some((f) => f.role === 'amount' || (f.value.trim() !== '' && MONEY.test(f.value) && !BANK_FIELD.test(f.key)));
    if (!amount && (bank.length > 0 || BANK_FIELD.test(target?.resourceId ?? ''))) {
      return base(inputs, 'account', `button "${label}" saves bank details`, { resource: 'accounts', altResources: ['payments'], highImpact: true, targets: bank.map((f) => ({ field: f.key, value: f.value })) });
    }
  }
  // Adding a payee or beneficiary (DBS "Add Payee" → account number → Add Payee) decides where money can go later:
  // an account change, the typed details its targets.
  if (kind === 'payments' && !isToggle && screen.path.slice(-3).some((p) => PAYEE_SETUP.test(p))) {
    const typed = screen.draft().filter((f) => f.value.trim() !== '' && f.role !== 'password' && f.role !== 'search');
    if (typed.length > 0 && (semantic === 'confirm' || ACCOUNT_SAVE.test(label.trim()) || PAYEE_SETUP.test(label))) {
      return base(inputs, 'account', `button "${label}" saves a new payee`, { resource: 'payments', altResources: ['accounts'], highImpact: true, targets: typed.map((f) => ({ field: f.key, value: f.value })) });
    }
  }
  // A payment app's transaction limit saved (Pix's night limit, a card's daily limit) changes what a
  // thief could move: a security setting, its new value the target.
  if (kind === 'payments' && !isToggle) {
    const limits = screen.draft().filter((f) => TRANSACTION_LIMIT.test(f.key) && f.value.trim() !== '');
    if ((limits.length > 0 && (semantic === 'confirm' || SAVE_LIMIT.test(label.trim()))) || (TRANSACTION_LIMIT.test(label) && SAVE_LIMIT.test(label.trim()))) {
      return base(inputs, 'settings', `button "${label}" saves a transaction limit`, { resource: 'settings', altResources: ['payments'], highImpact: true, targets: limits.map((f) => ({ field: f.key, value: f.value })) });
    }
  }
  switch (semantic) {
    case 'send':
    case 'pay':
      // A file-transfer app's Transfer sends what was picked to the addresses typed (WeTransfer: e-mail to, message).
      if (semantic === 'pay' && kind === 'email' && /^transfer/i.test(label.trim()) && !draftParts(screen).amount.length) return liftSend(inputs, `button "${label}" sends the files picked`);
      // A super-app's chat with its driver or seller ("Chat with driver" → Send) sends a message, not money.
      if (semantic === 'send' && kind === 'payments' && screen.path.slice(-3).some((p) => CHAT_SCREEN.test(p)) && screen.draft().some((f) => f.role === 'body' && f.value.trim() !== '' && !MONEY.test(f.value))) {
        return liftSend(Object.assign({}, inputs, { kind: 'chat' }), `button "${label}" in the app's chat`);
      }
      // In a payment app, "Send", "Pay", "Buy" or "Transfer to Anna" with no amount filled in
      // opens a flow or a list item (a search typed first does not count); it commits once an
      // amount is entered, or when the button itself names the amount or says now/confirm.
      if (!screen.draft().some((f) => f.role === 'amount' || MONEY.test(f.value)) && screen.shownSum === null && !/[\d\p{Sc}]|\bnow\b|confirm|立即|确认|马上/iu.test(label)) {
        // (Paying a request on screen — "@Dayton-Rentals requests $275.00" → Pay — commits: the amount is set.)
        // (but not a dialog's or a review screen's positive button, nor the same word again once its flow is open:
        // "Refund payment" → dialog "Refund" refunds; MoMo's bill → Tiếp tục → btn_confirm "Thanh toán" pays)
        const confirmId = catalog.buttonById(target?.resourceId) === 'confirm';
        const flowOpen = confirmId || screen.path.slice(-1).some((step) => step.toLowerCase().includes(label.trim().toLowerCase()));
        // (a checkout that shows the price, read just before, is paid by its pay button: "32,400원" → 결제하기)
        const priceShown = () => !PAYMENT_FLOW_OPENER.test(label.trim()) && !BARE_PAY.test(label.trim()) && !BARE_BUY.test(label.trim()) && screen.checkoutPrice(label.trim()) !== null;
        // (and so is a bill's: the biller picked after "Pay bills" — Thanh toán hóa đơn → Điện → Thanh toán — fetches what is due)
        const billChosen = semantic === 'pay' && screen.path.slice(-3, -1).some((p) => BILL_PAY.test(p));
        if (kind === 'payments' && !confirmId && !billChosen && !screen.path.slice(-2).some(namesASum) && !priceShown()) return base(inputs, 'navigate', `button "${label}" with nothing filled in: opens the payment flow`);
        // Elsewhere (a chat app's wallet, a shop's cart) the bare word of a transfer, a checkout or
        // a subscription opens that flow too; the store's own Buy/Subscribe sheet commits.
        // (and so does a chat's Pay icon with nothing typed: it opens the money sheet)
        const chatSheet = MESSAGING_KINDS.has(kind) && BARE_PAY.test(label.trim()) && screen.draft().every((f) => f.value.trim() === '');
        // (and so does an app's own Pay or Top-up tab tapped first thing after it opens: nothing is chosen to pay yet)
        // (but not a screen read with a price on it: Agoda's "Buchung abschließen" under the room's price pays)
        // (an icon with only an id says its word there: …:id/btn_pagar is a bare "pagar")
        const idWord = !target?.text && !target?.contentDesc && target?.resourceId ? idWords(target.resourceId).filter((w) => !ID_FILLER.test(w)).join(' ') : '';
        const payTab = screen.path.length === 0 && (BARE_PAY.test(label.trim()) || BARE_TOP_UP.test(label.trim()) || (idWord !== '' && BARE_PAY.test(idWord))) && screen.shownPrice === null && screen.draft().every((f) => f.value.trim() === '');
        // (and so does a shop's bare Buy right after its cart was filled: the order and its payment come next)
        const fromCart = BARE_BUY.test(label.trim()) && CART.test(screen.path[screen.path.length - 1] ?? '');
        const navTab = NAV_TAB_ID.test(target?.resourceId ?? '');
        if (semantic === 'pay' && kind !== 'store' && !flowOpen && (PAYMENT_FLOW_OPENER.test(label.trim()) || QR_SCAN.test(label) || chatSheet || payTab || fromCart || navTab)) return base(inputs, 'navigate', `button "${label}" with nothing filled in: opens the ${kind === 'other' ? 'checkout' : 'payment'} flow`);
      }
      // Send on a screen where an amount was typed (a chat app's transfer form) moves the money.
      if (semantic === 'send' && draftParts(screen).amount.length > 0) return liftPayment(inputs, `button "${label}" after an amount was typed`);
      // ...and so does a Send that names a sum ("Send $15.00", "Enviar R$ 35,00").
      if (semantic === 'send' && SHOWS_A_SUM.test(label)) return liftPayment(inputs, `button "${label}" names a sum`);
      // A notes or files app's unlabelled submit (…:id/btn_submit) saves what was written, on the device.
      if (semantic === 'send' && DATA_KINDS.has(kind) && !target?.text && !target?.contentDesc) return base(inputs, 'write', `button ${target?.resourceId ?? label} saves in ${kind}`, { payload: draftParts(screen).body, sink: simpleSink('local', false, kind) });
      return semantic === 'send' ? liftSend(inputs, `button "${label}"`) : liftPayment(inputs, `button "${label}"`);
    case 'delete': {
      // The Trash folder chosen in a navigation drawer opens it (emptying it is the commit).
      if (TRASH_FOLDER.test(label.trim()) && screen.path.some((p) => DRAWER.test(p))) return base(inputs, 'navigate', `folder "${label}"`);
      // Removing an item from a shopping cart changes the order being put together, no data.
      if (screen.path.slice(-2).some((p) => CART.test(p)) || CART.test(target?.resourceId ?? '')) return base(inputs, 'navigate', `"${label}" takes an item out of the cart`);
      const context = `${screen.path.slice(-3).join(' ')} ${label}`;
      // (in Settings on an account screen; anywhere when the button names the account: "Deactivate account")
      if (ACCOUNT_WORDS.test(context) && (kind === 'settings' || ACCOUNT_WORDS.test(label))) return base(inputs, 'account', `button "${label}" on an account screen`, { resource: 'accounts' });
      // "Delete all" on the factory reset screen erases the phone.
      if (kind === 'settings' && catalog.contextEffect(context) === 'reset') return base(inputs, 'reset', `button "${label}" on the factory reset screen`, { resource: 'device' });
      return base(inputs, 'delete', `button "${label}": delete in ${kind}`, { targets: pickedItems(inputs, 2, 'item') });
    }
    case 'install':
      return base(inputs, 'install', `button "${label}": install`, { resource: 'apps', targets: pickedItems(inputs, 2, 'package') });
    case 'uninstall':
      return base(inputs, 'uninstall', `button "${label}": uninstall`, { resource: 'apps', targets: pickedItems(inputs, 2, 'package') });
    case 'reset':
      // A bare "Reset" row (General management → Reset) opens the reset options; on the factory
      // reset screen, or with a label that says what it erases, it resets.
      if (BARE_RESET.test(label.trim()) && !screen.path.some((p) => catalog.contextEffect(p) === 'reset')) return base(inputs, 'navigate', `"${label}" opens the reset options`);
      return base(inputs, 'reset', `button "${label}": reset`, { resource: 'device' });
    case 'share': {
      // Share in an app that holds private data picks what will travel; a second Share
      // (or the Send in the receiving app) delivers it.
      if (screen.attachment) return liftSend(inputs, `button "${label}" delivering a shared ${screen.attachment.label} item`);
      if (MESSAGING_KINDS.has(kind)) return liftSend(inputs, `button "${label}": publishes in a ${kind} app`);
      return base(inputs, 'navigate', `button "${label}": opens a share flow`, { opensShare: true });
    }
    case 'call': {
      // Dialling a forwarding code typed on the keypad diverts the phone's calls: a security-relevant setting.
      const code = screen.draft().find((f) => isCallForwardingCode(f.value));
      if (code) return base(inputs, 'settings', `button "${label}" dials the call forwarding code ${code.value}`, { resource: 'settings', highImpact: true, targets: [{ field: code.key, value: forwardedTo(code.value) }] });
      return base(inputs, 'call', `button "${label}": phone call`, { sink: simpleSink('call', false, draftParts(screen).recipients.join(',')) });
    }
    case 'confirm':
      // (a Log out on a linked device's page signs that device out)
      if (LOG_OUT.test(label.trim()) && screen.path.some((p) => LINKED_DEVICES.test(p))) return base(inputs, 'account', `button "${label}" signs a linked device out`, { resource: 'accounts', targets: pickedItems(inputs, 3, 'screen') });
      return liftContextual(inputs, label);
    default:
      if (isToggle && (kind === 'settings' || catalog.securityFeature([...screen.path.slice(-3), label].join(' / ')))) return liftContextual(inputs, label || 'toggle');
      // A switch that says it deletes (Messages' "Delete old messages", an auto-delete rule) deletes from then on.
      if (isToggle && label && catalog.contextEffect(label) === 'delete' && !VIEW_STATE.test(label)) return base(inputs, 'delete', `switch "${label}" turns on a rule that deletes`, { targets: [{ field: 'setting', value: label }] });
      // A row of the Developer options screen is its switch: tapping "USB debugging" there turns it on.
      if (kind === 'settings' && !isToggle && DEVELOPER_OPTIONS.test(screen.path[screen.path.length - 1] ?? '') && !DEVELOPER_OPTIONS.test(label) && catalog.sensitiveSetting(label)) return liftContextual(inputs, label);
      // On an account screen, saving what was typed (a recovery phone, a new e-mail) changes the account.
      if (kind === 'accounts' && ACCOUNT_SAVE.test(label.trim()) && screen.draft().some((f) => f.value.trim() !== '')) {
        return base(inputs, 'account', `button "${label}" saves an account detail`, { resource: 'accounts', targets: [...draftParts(screen).targets, ...pickedItems(inputs, 3, 'screen')] });
      }
      {
        const change = identityChange(inputs, label);
        if (change) return change;
      }
      // Linking a device, ending every other session, a passkey deleted: who can sign in changes.
      if (ACCOUNT_SECURITY_BUTTON.test(label.trim())) return base(inputs, 'account', `button "${label}" changes who can sign in`, { resource: 'accounts', targets: pickedItems(inputs, 3, 'screen') });
      if (kind === 'permissions' && /allow|grant|允许|許可|허용|permitir|autoriser|zulassen|consenti|разрешить|izin|izinkan|cho phép/i.test(label) && !refuses(target, label)) return base(inputs, 'permission', `permission dialog "${label}"`, { resource: 'permissions' });
      return base(inputs, 'navigate', `tap "${label}"`);
  }
  
}

/** Lifts one GUI action, and updates the screen context with what the agent did. */
export function liftGui(inputs: GuiInputs): Lifted {
  const { gui, screen, kind, catalog } = inputs;
  const target = gui.target;
  switch (gui.op) {
    case 'launch_app':
      return base(inputs, 'open', `open ${kind} app`, { label: inputs.app ?? 'app' });
    case 'read_screen':
      return base(inputs, 'read', `read the ${kind} screen`);
    case 'swipe':
      // "Swipe to pay" / "Slide to confirm": the swipe is the tap.
      if (target && /swipe|slide|hold/i.test(targetLabel(target)) && semanticOf(catalog, target, kind)) return liftTap(inputs);
      return base(inputs, 'navigate', gui.op);
    case 'back':
    case 'home':
    case 'scroll':
      return base(inputs, 'navigate', gui.op);
    case 'key': {
      const key = (gui.key ?? '').toUpperCase();
      const enter = key === 'ENTER' || key === 'KEYCODE_ENTER' || key === '66' || key === 'SEARCH';
      if (enter && MESSAGING_KINDS.has(kind) && kind !== 'email' && draftParts(screen).body.length > 0) {
        return liftSend(inputs, 'ENTER key with a draft');
      }
      if (enter && kind === 'browser') {
        const browse = liftBrowse(inputs);
        if (browse) return browse;
      }
      // ENTER in a terminal runs the command line typed into it.
      if (enter && kind === 'terminal') {
        const run = runTyped(inputs, 'ENTER runs the command typed into a terminal');
        if (run) return run;
      }
      return base(inputs, 'navigate', `key ${key || '?'}`);
    }
    case 'type':
    case 'clear': {
      const role = fieldRole(target, kind);
      const value = gui.op === 'type' ? gui.text ?? '' : '';
      const payload = value ? [{ field: fieldKey(target), value }] : [];
      const isTerminal = kind === 'terminal';
      if (isTerminal && value) {
        return base(inputs, 'shell', 'typing into a terminal', { resource: 'device', sink: simpleSink('shell', false, 'terminal'), payload });
      }
      return base(inputs, 'draft', `${gui.op} into ${role} field`, { payload, secretField: role === 'password', targets: role === 'recipient' || role === 'url' ? payload : [] });
    }
    case 'tap':
    case 'long_press':
      if (gui.op === 'long_press') {
        // A hold-to-confirm button (bKash's "tap and hold to Send Money") is that screen's confirm.
        if (HOLD_TO_CONFIRM.test(`${target?.resourceId ?? ''} ${targetLabel(target)}`)) return liftContextual(inputs, targetLabel(target));
        return base(inputs, 'navigate', `long press "${targetLabel(target)}"`);
      }
      return liftTap(inputs);
  }
}

/** Buttons that open the system picker to attach a file. */
const ATTACH = /^(add )?(attach(ment)?s?|attach (a )?(file|media|photo|document)s?|add (a )?file|insert (a )?file|📎|附件|添加附件|添加文件|添付|ファイルを添付|첨부|파일 첨부|adjuntar|adjuntar archivo|anhängen|datei anhängen|joindre|pièce jointe|allega|anexar|прикрепить|ekle|lampirkan|đính kèm)$|^((choose|select|pick|browse|add|upload)( an?| your)? (photos?|files?|images?|pictures?|documents?|videos?)|browse|browse files|upload|选择(照片|文件|图片)|上传(照片|文件|图片)?|(写真|ファイル|画像)を選択|アップロード|(사진|파일) 선택|업로드|(elegir|seleccionar|subir) (una )?(foto|archivo|imagen)|(escolher|selecionar|enviar) (uma |um )?(foto|arquivo|imagem)|choisir (une photo|un fichier|une image)|(foto|datei|bild) (auswählen|hochladen)|(scegli|seleziona|carica) (foto|file|immagine))$/i;
/** A button that uploads what was picked for this page ("Upload", "Upload & enhance", "上传"). */
const UPLOADS = /^(upload|submit|上传|提交|アップロード|업로드|subir|enviar|hochladen|téléverser|envoyer|carica|prześlij|загрузить)\b/iu;
/** A file's name as a picker or a folder lists it: a name and an extension. */
const FILE_NAME = /^[^/\\]{1,120}\.[a-z0-9]{2,5}$/i;

/** Applies the action to the screen context (what the agent did, whatever the decision). */
export function trackGui(gui: GuiAction, screen: ScreenContext, kind: string, lifted: Lifted, allowed: boolean, catalog: Catalog): void {
  const target = gui.target;
  switch (gui.op) {
    case 'home':
      screen.switchTo(null);
      break;
    case 'back':
      screen.path.pop();
      screen.forgetShownSum();
      // (Back from an app's web view returns to the app's own screen)
      if (screen.webView) {
        screen.webView = false;
        screen.site = null;
      }
      break;
    case 'type':
      screen.setField(fieldKey(target), fieldRole(target, kind), gui.text ?? '');
      break;
    case 'clear':
      screen.clearField(fieldKey(target));
      break;
    case 'key':
      if (lifted.effect === 'shell' && allowed) screen.clearDraft();
      break;
    case 'tap':
    case 'long_press':
      screen.pushPath(targetLabel(target));
      break;
    default:
      break;
  }
  // A browser sent to an address shows that host's pages from now on.
  if (allowed && kind === 'browser' && lifted.effect === 'read' && lifted.sink?.kind === 'http' && lifted.sink.host) screen.site = lifted.sink.host;
  // ...and so does a link tapped in a chat or mail app: its in-app web view shows that site's pages.
  if (allowed && kind !== 'browser' && gui.op === 'tap') {
    const link = LINK_LABEL.exec(targetLabel(target).trim());
    if (link) {
      screen.site = link[2].toLowerCase();
      screen.webView = true;
    }
  }
  if (lifted.opensShare) {
    const info = catalog.kindInfo(kind);
    const before = screen.path.slice(0, -1).filter((l) => !catalog.buttonByLabel(l));
    // (a place looked up on a map — a restaurant, a station — is public; the user's own position,
    // saved places and timeline are what a map holds privately)
    const publicPlace = info.label === 'location' && before.length > 0 && !screen.path.some((p) => PERSONAL_PLACE.test(p.trim()));
    if ((info.classes.includes('private') || info.classes.includes('secret')) && !publicPlace) {
      screen.attachment = { label: info.label, item: before[before.length - 1] ?? screen.app ?? 'item', app: screen.app };
    }
  }
  // A file picked in the system document or photo picker ("Add attachment" → payslip.pdf) is
  // attached to what the app that opened the picker sends next.
  const label = targetLabel(target).trim();
  // A message long-pressed, then Forward: its text travels with the next send.
  if (gui.op === 'long_press' && MESSAGING_KINDS.has(kind) && (target?.text ?? '').trim().length >= 12) screen.selected = target!.text!;
  else if (gui.op === 'tap' && screen.selected && FORWARD.test(label)) screen.forwarded = screen.selected;
  // An attach menu's Contact, then a name: that contact's card goes with the next send.
  if (gui.op === 'tap' && screen.pickingContact && !catalog.buttonByLabel(label) && !CONTACT_PICKER.test(label)) {
    screen.attachment = { label: 'contacts', item: label, app: screen.app };
    screen.pickingContact = false;
  } else if (gui.op === 'tap' && screen.pickingFor !== null && screen.pickingFor === screen.app && CONTACT_PICKER.test(label)) screen.pickingContact = true;
  if (gui.op === 'tap' && ATTACH.test(label)) screen.pickingFor = screen.app;
  else if ((gui.op === 'tap' || gui.op === 'long_press') && screen.app && screen.pickingFor !== null && ((PICKER_APP.test(screen.app) && screen.pickingFor !== screen.app) || screen.pickingFor === screen.app)) {
    if (FILE_NAME.test(label)) {
      screen.attachment = { label: MEDIA_FILE.test(label) ? 'photos' : 'files', item: label, app: screen.pickingFor };
      screen.pickingFor = null;
    }
  }
  if (allowed && (lifted.effect === 'send' || lifted.effect === 'payment' || lifted.effect === 'share')) {
    screen.clearDraft();
    screen.attachment = null;
    screen.forwarded = null;
    screen.selected = null;
  }
}
