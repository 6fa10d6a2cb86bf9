// Words of the screens a tap is lifted on: role lists and their confirms, a map's personal places,
// events and their invitations, links and linked devices, a super-app's chats, a shop's bare Buy.
// (Split from gui.ts, which uses them.)

/** A role dialog's or a role screen's confirm: the app picked becomes the default. */
export const SET_AS_DEFAULT = /^(set as default|make default|use as default|set as default app|기본으로 설정|기본 앱으로 설정|设为默认(应用)?|設為預設(應用程式)?|デフォルトに設定|既定に設定|als standard (festlegen|einrichten|verwenden)|establecer como predeterminad[ao]|definir como (padrão|predefinid[ao])|définir (comme application )?par défaut|imposta come predefinit[ao]|установить по умолчанию|сделать по умолчанию|varsayılan olarak ayarla|jadikan (default|bawaan)|đặt làm mặc định)$/iu;

/** Settings' list of app roles (Default apps; Samsung's "Choose default apps" / 기본 앱 선택). */
export const DEFAULT_APPS = /^((choose|select|manage) )?(default apps?|default applications|默认应用|默認應用|既定のアプリ|デフォルトのアプリ|기본 앱|aplicaciones predeterminadas|apps predeterminadas|applications par défaut|apps par défaut|standard-apps|app predefinite|apps padrão|aplicações predefinidas|apps predefinidas|aplicativos padrão|standaard-apps|standaardapps|domyślne aplikacje|приложения по умолчанию|varsayılan uygulamalar)( ?(selection|settings|선택|설정|设置|設定))?$/iu;

/** Where a map shows the user: their position, saved and labelled places, their timeline, a shared live location. */
export const PERSONAL_PLACE = /\b(your|my|current) (location|position|place|places)\b|^(home|work|saved|starred|labeled|labelled|timeline|your timeline|your places|parking|parked|location sharing|share (your )?location|share live location|you are here|visited places)$|^(zuhause|arbeit|casa|trabajo|maison|travail|lavoro|trabalho|дом|работа|ev|iş|rumah|kantor|nhà|家|公司|自宅|職場|집|직장)$|我的位置|当前位置|目前位置|現在地|내 위치|현재 위치|mi ubicación|ubicación actual|ma position|position actuelle|mein standort|aktueller standort|la mia posizione|minha localização|localização atual|моё местоположение|мое местоположение|konumum|lokasi saya|vị trí của tôi|位置信息|位置共享|ロケーション履歴|タイムライン|时间轴|時間軸|타임라인/iu;

/** An address mentioned in a comment, +name@domain or @name@domain: the person is notified. */
export const MENTIONED_ADDRESS = /(?<![^\s(])[+@]([^\s@+]+@[^\s@]+\.[a-z]{2,})/giu;

/** Screens where an event is made: what their Save commits goes to the guests. */
export const EVENT_WORDS = /\b(new event|event|events|meeting|invite|invitation|calendar|appointment)\b|termin|evento|événement|réunion|reunión|会议|會議|会議|日程|予定|일정|회의/i;

export const INVITES = /^(send|invite|send invite|send invitation|send invitations)$/i;

/** A link as a chat or mail shows it: a host with a dot, maybe a scheme and a path. */
export const LINK_LABEL = /^(https?:\/\/)?((?:[a-z0-9-]+\.)+[a-z]{2,})(?::\d+)?(\/\S*)?$/i;

/** A Log out, and the screens that list an account's linked devices and sessions. */
export const LOG_OUT = /^(log ?out|sign ?out|log off|déconnexion|se déconnecter|abmelden|cerrar sesión|desconectar|sair|esci|disconnetti|wyloguj|выйти|çıkış yap|keluar|đăng xuất|退出登录|登出|ログアウト|로그아웃)$/i;

export const LINKED_DEVICES = /linked devices|active sessions|\bsessions\b|\bdevices\b|aparelhos conectados|dispositivos vinculados|verknüpfte geräte|appareils connectés|dispositivi collegati|połączone urządzenia|связанные устройства|已关联的设备|リンク済みデバイス|연결된 기기/i;

/** The chat a super-app opens with its driver, rider, courier or seller. */
export const CHAT_SCREEN = /\bchat\b|chatear|conversar|\bmessage (the )?(driver|rider|courier|seller|host|merchant)|contact (the )?(driver|rider|courier)|mensaje al|聊天|チャット|채팅|obrolan|kirim pesan/i;

/** The bare word of buying, as a shop's cart offers it. */
export const BARE_BUY = /^(buy|buy now|purchase|order|kaufen|jetzt kaufen|comprar|acheter|acquista|kupuję|купить|satın al|beli|mua|ซื้อ|购买|立即购买|購入|購入する|구매|구매하기|주문하기)$/i;

/** The bare word of a top-up: a prepaid line's or a card's Recharge tab. */
export const BARE_TOP_UP = /^(top ?up|top-up|recharge|reload|recargar|recarga|recarregar|recharger|ricarica|ricaricare|aufladen|doładuj|doładowanie|пополнить|isi ulang|isi pulsa|nạp tiền|เติมเงิน|充值|チャージ|충전)$/i;

export const LETTER_CURRENCY_SUM = /^(RM|Rp|R\$|S\$|HK\$|NT\$|A\$|C\$|kr|zł|Kč|Ft|lei|Ksh|KES|PHP|MYR|IDR|INR|Rs\.?)\s?\d[\d.,]*$/i;

/** Giving another person a role on a page, a shared account or a workspace ("Add people" → "Full control" → "Give access"). */
export const GRANT_ACCESS = /^((give|grant|share) (full )?(access|control|admin access)|make (admin|owner|an admin)|add as (admin|owner)|assign (role|admin)|zugriff (gewähren|erteilen)|dar acceso|conceder acceso|donner l'accès|accorder l'accès|dar acesso|concedi accesso|授予访问权限|授予权限|设为管理员|アクセス権を付与|액세스 권한 부여)$/iu;

/** Paying to show a post to more people: its button, once a budget was picked. */
export const PAID_PROMOTION = /^(boost|promote|sponsor)( (post|this post|it|now|reel|video|listing|ad|tweet|page))?$|^(beitrag hervorheben|promocionar( publicación)?|impulsar( publicación)?|booster( la publication)?|promuovi( post)?|impulsionar( publicação)?|推广|加热|投放)$/iu;

/** The confirm of Android's screen-capture consent dialog. */
export const SCREEN_CAPTURE_START = /^(start now|start|jetzt starten|iniciar ahora|comenzar ahora|commencer|démarrer maintenant|avvia ora|iniciar agora|nu starten|立即开始|立即開始|今すぐ開始|지금 시작)$/iu;

/** Screens where an app's own profile is edited. */
export const EDIT_PROFILE = /edit (your )?profile|personal (info|information|details)( settings)?|contact (info|information)|accounts? cent(er|re)|profil bearbeiten|editar perfil|modifier le profil|modifica profilo|プロフィールを編集|编辑资料|編輯個人資料|프로필 편집/i;

/** A bare Next / Continue. */
export const NEXT_STEP_WORD = /^(next|continue|weiter|siguiente|continuar|suivant|continuer|avanti|próximo|下一步|次へ|다음)$/iu;

/** The Settings screen that picks how the phone locks. */
export const SCREEN_LOCK_SCREEN = /screen[ -]?lock|lock screen|bloqueo de pantalla|bloqueio de tela|bloqueio do ecrã|bloqueio de ecrã|verrouillage de l['’]écran|verrouillage écran|bildschirmsperre|displaysperre|blocco (?:dello )?schermo|schermvergrendeling|blokada ekranu|блокировка экрана|блокування екрана|ekran kilidi|kunci layar|khóa màn hình|屏幕锁定|锁屏|螢幕鎖定|画面ロック|화면 잠금|قفل الشاشة|ล็อกหน้าจอ/i;

/** The kinds of screen lock it offers: choosing one changes how the device is secured. */
export const SCREEN_LOCK_TYPE = /^(none|swipe|pattern|pin|password|ninguno|ninguna|deslizar|patrón|contraseña|nenhum|nenhuma|padrão|senha|aucun|balayage|balayer|schéma|code pin|mot de passe|keine|wischen|muster|passwort|nessuno|scorrimento|sequenza|geen|vegen|patroon|wachtwoord|brak|przesunięcie|wzór|hasło|нет|провести по экрану|графический ключ|пароль|yok|kaydırma|desen|şifre|tidak ada|geser|pola|sandi|không|vuốt|hình mở khóa|mật khẩu|无|滑动|图案|密码|無|滑動|圖案|密碼|なし|スワイプ|パターン|パスワード|없음|스와이프|패턴|비밀번호|pin 码|pin码)$/i;

/** A transaction limit of a payment app or card, as its field ids and buttons name it. */
export const TRANSACTION_LIMIT = /limit|limite|límite|limiet|limity|лимит|ліміт|限额|限額|限度額|上限|한도/i;
/** Buttons that save or change such a limit. */
export const SAVE_LIMIT = /^(save|confirm|update|change|set|apply|done|ok|salvar|confirmar|alterar|ajustar|aumentar|guardar|cambiar|enregistrer|valider|modifier|speichern|ändern|bestätigen|salva|conferma|modifica|opslaan|zapisz|сохранить|保存|确认|修改|確認|変更|저장|확인|변경)\b/iu;

/** The menu entry that opens paying a bill (a utility, a phone bill) from a list of billers. */
export const BILL_PAY = /\b(pay (?:a |my |the )?bills?|bill pay(?:ment)?|bills? (?:and|&) utilities)\b|^(bills|utilities|utility bills|facturas|contas|factures|rechnungen|bollette)$|فواتير|الفواتير|سداد الفواتير|thanh toán hóa đơn|thanh toán hoá đơn|hóa đơn|pagar (?:contas|boletos?|facturas?|servicios)|pago de (?:servicios|facturas)|rechnungen? (?:bezahlen|zahlen)|payer (?:une |mes |les )?factures?|paga bollette|生活缴费|缴费|账单支付|公共料金|공과금|bayar tagihan|tagihan|ชำระบิล|จ่ายบิล/iu;

/** Adding a payee or beneficiary to a bank or wallet, in the languages banks say it. */
export const PAYEE_SETUP = /\b(add|new|save|register)\s+(a\s+)?(payee|beneficiary|recipient)\b|\b(payee|beneficiary)\s+(setup|registration)\b|empfänger (hinzufügen|anlegen)|neuer empfänger|añadir (beneficiario|destinatario)|nuevo beneficiario|adicionar (favorecido|beneficiário)|ajouter un bénéficiaire|nouveau bénéficiaire|aggiungi beneficiario|nuovo beneficiario|dodaj odbiorcę|tambah penerima|添加收款人|新增收款人|受取人を追加|수취인 추가/iu;
