// Words that say what a screen is about, in the languages of the lexicon: the path an agent took
// through an app refines what the app's kind alone says (a social app's inbox holds messages; a
// settings screen under Accounts shows account data).

/** Account screens: Settings → Accounts, Google account, 帳號, アカウント … */
export const ACCOUNT_WORDS = /account|compte|cuenta|konto|konten|konta|rekening|\bconta|账户|帐户|账号|帐号|帳號|帳戶|賬號|賬戶|アカウント|계정|аккаунт|учетн|обліков|акаунт|účt|účet|fiók|λογαριασμ|hesap|akun|akaun|tài khoản|គណនី|အကောင့်|ບັນຊີ|حساب|บัญชี|חשבון/i;

/** Screens of a social app that hold private conversations (inbox, DMs, chats). */
export const DIRECT_MESSAGES = /messenger|messages?|inbox|direct|chats?|\bdms?\b|conversations?|私信|消息|聊天|メッセージ|トーク|메시지|채팅|mensajes?|nachrichten|messagerie|mensagens|сообщения/i;

/** A code that diverts the phone's calls when dialled (**21*+44…#, *61*, *62*, *67*, **004*). */
const CALL_FORWARDING_CODE = /^\*{1,2}(21|61|62|67|002|004)\*[+\d]/;

export function isCallForwardingCode(dialled: string): boolean {
  return CALL_FORWARDING_CODE.test(dialled.replace(/\s/g, ''));
}

/** The number a forwarding code sends calls to. */
export function forwardedTo(code: string): string {
  return code.replace(/\s/g, '').replace(/^[*#]+\d+\*|#$/g, '');
}
