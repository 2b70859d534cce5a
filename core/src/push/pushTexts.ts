import type { Locale } from '@bourse/shared';

/**
 * The notification texts, one catalogue per language. A notification is short (a lock screen
 * shows two lines), so these say less than the inbox's texts; the tap opens the full story.
 * `{{name}}` placeholders are filled by pushMessage.
 */
export interface PushCatalogue {
  fillTitle: string;
  fillBuy: string;
  fillSell: string;
  blockTitle: string;
  blockSettled: string;
  blockRefused: string;
  ipoNumbersTitle: string;
  ipoNumbers: string;
  allotmentTitle: string;
  allotmentWon: string;
  allotmentLost: string;
  paymentResultTitle: string;
  paymentResult: string;
  paymentDueTitle: string;
  paymentDue: string;
  transferTitle: string;
  transferInPassed: string;
  transferInRefused: string;
  transferOutPassed: string;
  transferOutRefused: string;
  priceAlertTitle: string;
  priceAlert: string;
  shipmentTitle: string;
  shipment: string;
  topUpTitle: string;
  topUpPassed: string;
  topUpRefused: string;
  withdrawalTitle: string;
  withdrawalPassed: string;
  withdrawalRefused: string;
  ordersExpiredTitle: string;
  ordersExpired: string;
  refundTitle: string;
  refundApproved: string;
  refundRefused: string;
  refundRefunded: string;
  complaintTitle: string;
  complaintReplied: string;
  refundEscalationApproved: string;
  refundEscalationUpheld: string;
}

export const PUSH_TEXTS: Record<Locale, PushCatalogue> = {
  en: {
    fillTitle: 'Order filled',
    fillBuy: 'Bought {{quantity}} shares of {{name}} ({{symbol}}) at {{price}}.',
    fillSell: 'Sold {{quantity}} shares of {{name}} ({{symbol}}) at {{price}}.',
    blockTitle: 'Block trade',
    blockSettled: 'Your block order for {{quantity}} shares of {{name}} ({{symbol}}) at {{price}} settled.',
    blockRefused: 'Your block order for {{name}} ({{symbol}}) was refused; what it held is free again.',
    ipoNumbersTitle: 'New share numbers',
    ipoNumbers: '{{name}} ({{symbol}}): your {{numbers}} lottery numbers are {{first}} to {{last}}.',
    allotmentTitle: 'New share result',
    allotmentWon:
      '{{name}} ({{symbol}}): {{shares}} shares allotted. Pay {{amount}} CNY by 16:00 on {{date}}.',
    allotmentLost: '{{name}} ({{symbol}}): no shares allotted this time.',
    paymentResultTitle: 'New share payment',
    paymentResult: '{{name}} ({{symbol}}): {{paid}} shares paid for, {{abandoned}} abandoned.',
    paymentDueTitle: 'Payment due today',
    paymentDue: '{{name}} ({{symbol}}): {{amount}} CNY is due by 16:00 on {{date}}.',
    transferTitle: 'Bank transfer',
    transferInPassed: '{{amount}} CNY from your card ending {{card}} has arrived.',
    transferInRefused: 'The transfer in of {{amount}} CNY from your card ending {{card}} was refused.',
    transferOutPassed: '{{amount}} CNY was sent to your card ending {{card}}.',
    transferOutRefused: 'The transfer out of {{amount}} CNY was refused; the cash is available again.',
    priceAlertTitle: 'Price alert',
    priceAlert: '{{name}} ({{symbol}}) is at {{price}}.',
    shipmentTitle: 'Parcel update',
    shipment: 'Parcel {{trackingNo}} has moved on. Tap to follow it.',
    topUpTitle: 'Store top-up',
    topUpPassed: 'Your top-up of {{amount}} USD passed.',
    topUpRefused: 'Your top-up of {{amount}} USD was refused.',
    withdrawalTitle: 'Store withdrawal',
    withdrawalPassed: 'Your withdrawal of {{amount}} USD was paid out.',
    withdrawalRefused: 'Your withdrawal of {{amount}} USD was refused and is back in your balance.',
    ordersExpiredTitle: 'Orders expired',
    ordersExpired: '{{count}} of your orders for {{date}} expired unfilled or partly filled.',
    refundTitle: 'Refund',
    refundApproved: 'The shop approved your refund of {{amount}} USD for order {{order}}.',
    refundRefused: 'The shop refused your refund for order {{order}}. Tap to see why.',
    refundRefunded: '{{amount}} USD for order {{order}} is back in your store balance.',
    complaintTitle: 'Customer service',
    complaintReplied: 'Customer service replied to your complaint. Tap to read it.',
    refundEscalationApproved:
      'The platform overruled the shop: {{amount}} USD for order {{order}} is back in your store balance.',
    refundEscalationUpheld: "The platform upheld the shop's refusal for order {{order}}. Tap to see why.",
  },
  'zh-CN': {
    fillTitle: '委托成交',
    fillBuy: '已买入 {{name}}（{{symbol}}）{{quantity}} 股，成交价 {{price}}。',
    fillSell: '已卖出 {{name}}（{{symbol}}）{{quantity}} 股，成交价 {{price}}。',
    blockTitle: '大宗交易',
    blockSettled: '您以 {{price}} 委托的 {{name}}（{{symbol}}）{{quantity}} 股大宗交易已交割。',
    blockRefused: '您的 {{name}}（{{symbol}}）大宗交易委托被拒绝，冻结的资产已解冻。',
    ipoNumbersTitle: '新股配号',
    ipoNumbers: '{{name}}（{{symbol}}）：您获配 {{numbers}} 个号，起始配号 {{first}}，截止配号 {{last}}。',
    allotmentTitle: '新股中签结果',
    allotmentWon:
      '{{name}}（{{symbol}}）：中签 {{shares}} 股，请于 {{date}} 16:00 前备足 {{amount}} 元缴款。',
    allotmentLost: '{{name}}（{{symbol}}）：本次未中签。',
    paymentResultTitle: '新股缴款',
    paymentResult: '{{name}}（{{symbol}}）：已缴款 {{paid}} 股，放弃 {{abandoned}} 股。',
    paymentDueTitle: '今日需缴款',
    paymentDue: '{{name}}（{{symbol}}）：请于 {{date}} 16:00 前缴款 {{amount}} 元。',
    transferTitle: '银证转账',
    transferInPassed: '尾号 {{card}} 的银行卡转入 {{amount}} 元已到账。',
    transferInRefused: '尾号 {{card}} 的银行卡转入 {{amount}} 元被拒绝。',
    transferOutPassed: '{{amount}} 元已转出至尾号 {{card}} 的银行卡。',
    transferOutRefused: '转出 {{amount}} 元被拒绝，资金已恢复可用。',
    priceAlertTitle: '价格提醒',
    priceAlert: '{{name}}（{{symbol}}）现价 {{price}}。',
    shipmentTitle: '物流更新',
    shipment: '包裹 {{trackingNo}} 有新动态，点击查看。',
    topUpTitle: '商城充值',
    topUpPassed: '您充值的 {{amount}} 美元已通过。',
    topUpRefused: '您充值的 {{amount}} 美元被拒绝。',
    withdrawalTitle: '商城提现',
    withdrawalPassed: '您提现的 {{amount}} 美元已打款。',
    withdrawalRefused: '您提现的 {{amount}} 美元被拒绝，已退回余额。',
    ordersExpiredTitle: '委托已失效',
    ordersExpired: '您 {{date}} 的 {{count}} 笔委托未成交或部分成交，已失效。',
    refundTitle: '退款',
    refundApproved: '商家已同意订单 {{order}} 的退款 {{amount}} 美元。',
    refundRefused: '商家拒绝了订单 {{order}} 的退款，点击查看原因。',
    refundRefunded: '订单 {{order}} 的 {{amount}} 美元已退回您的商城余额。',
    complaintTitle: '客服回复',
    complaintReplied: '客服已回复您的投诉，点击查看。',
    refundEscalationApproved: '平台已支持您的申请：订单 {{order}} 的 {{amount}} USD 已退回商城余额。',
    refundEscalationUpheld: '平台维持了商家对订单 {{order}} 退款的拒绝，点击查看理由。',
  },
  ja: {
    fillTitle: '約定しました',
    fillBuy: '{{name}}（{{symbol}}）を {{price}} で {{quantity}} 株買い付けました。',
    fillSell: '{{name}}（{{symbol}}）を {{price}} で {{quantity}} 株売却しました。',
    blockTitle: 'ブロック取引',
    blockSettled: '{{name}}（{{symbol}}）{{quantity}} 株・{{price}} のブロック注文が受渡しされました。',
    blockRefused: '{{name}}（{{symbol}}）のブロック注文は拒否されました。拘束分は解放されています。',
    ipoNumbersTitle: '新規公開株の抽選番号',
    ipoNumbers: '{{name}}（{{symbol}}）：抽選番号 {{first}}〜{{last}}（{{numbers}}個）が割り当てられました。',
    allotmentTitle: '新規公開株の抽選結果',
    allotmentWon:
      '{{name}}（{{symbol}}）：{{shares}} 株当選。{{date}} 16:00 までに {{amount}} 元をご用意ください。',
    allotmentLost: '{{name}}（{{symbol}}）：今回は落選しました。',
    paymentResultTitle: '新規公開株の払込',
    paymentResult: '{{name}}（{{symbol}}）：{{paid}} 株払込済み、{{abandoned}} 株は辞退扱いです。',
    paymentDueTitle: '本日が払込期限です',
    paymentDue: '{{name}}（{{symbol}}）：{{date}} 16:00 までに {{amount}} 元の払込が必要です。',
    transferTitle: '銀行振替',
    transferInPassed: '末尾 {{card}} のカードからの {{amount}} 元の入金が着金しました。',
    transferInRefused: '末尾 {{card}} のカードからの {{amount}} 元の入金は拒否されました。',
    transferOutPassed: '末尾 {{card}} のカードへ {{amount}} 元を出金しました。',
    transferOutRefused: '{{amount}} 元の出金は拒否されました。資金は再び利用できます。',
    priceAlertTitle: '価格アラート',
    priceAlert: '{{name}}（{{symbol}}）は現在 {{price}} です。',
    shipmentTitle: '配送状況',
    shipment: '荷物 {{trackingNo}} に動きがありました。タップして確認できます。',
    topUpTitle: 'ストアのチャージ',
    topUpPassed: '{{amount}} USD のチャージが承認されました。',
    topUpRefused: '{{amount}} USD のチャージは拒否されました。',
    withdrawalTitle: 'ストアの出金',
    withdrawalPassed: '{{amount}} USD の出金が支払われました。',
    withdrawalRefused: '{{amount}} USD の出金は拒否され、残高に戻りました。',
    ordersExpiredTitle: '注文失効',
    ordersExpired: '{{date}} の注文 {{count}} 件が未約定または一部約定のまま失効しました。',
    refundTitle: '返金',
    refundApproved: 'ショップが注文 {{order}} の返金 {{amount}} USD を承認しました。',
    refundRefused: 'ショップが注文 {{order}} の返金を却下しました。タップして理由をご確認ください。',
    refundRefunded: '注文 {{order}} の {{amount}} USD がストア残高に返金されました。',
    complaintTitle: 'カスタマーサービス',
    complaintReplied: 'カスタマーサービスが苦情に返信しました。タップしてご確認ください。',
    refundEscalationApproved:
      'プラットフォームがショップの判断を覆しました：注文 {{order}} の {{amount}} USD を残高に返金しました。',
    refundEscalationUpheld:
      'プラットフォームは注文 {{order}} の返金却下を維持しました。タップして理由をご確認ください。',
  },
  ko: {
    fillTitle: '주문 체결',
    fillBuy: '{{name}}({{symbol}}) {{quantity}}주를 {{price}}에 매수했습니다.',
    fillSell: '{{name}}({{symbol}}) {{quantity}}주를 {{price}}에 매도했습니다.',
    blockTitle: '대량 매매',
    blockSettled: '{{name}}({{symbol}}) {{quantity}}주, {{price}} 대량 매매 주문이 결제되었습니다.',
    blockRefused: '{{name}}({{symbol}}) 대량 매매 주문이 거절되었습니다. 묶여 있던 자산은 풀렸습니다.',
    ipoNumbersTitle: '공모주 추첨 번호',
    ipoNumbers: '{{name}}({{symbol}}): 추첨 번호 {{first}}~{{last}}, 총 {{numbers}}개가 배정되었습니다.',
    allotmentTitle: '공모주 배정 결과',
    allotmentWon:
      '{{name}}({{symbol}}): {{shares}}주 배정. {{date}} 16:00까지 {{amount}}위안을 준비해 주세요.',
    allotmentLost: '{{name}}({{symbol}}): 이번에는 배정되지 않았습니다.',
    paymentResultTitle: '공모주 납입',
    paymentResult: '{{name}}({{symbol}}): {{paid}}주 납입, {{abandoned}}주 포기.',
    paymentDueTitle: '오늘 납입 마감',
    paymentDue: '{{name}}({{symbol}}): {{date}} 16:00까지 {{amount}}위안을 납입해야 합니다.',
    transferTitle: '은행 이체',
    transferInPassed: '끝자리 {{card}} 카드에서 {{amount}}위안이 입금되었습니다.',
    transferInRefused: '끝자리 {{card}} 카드에서의 {{amount}}위안 입금이 거절되었습니다.',
    transferOutPassed: '끝자리 {{card}} 카드로 {{amount}}위안을 보냈습니다.',
    transferOutRefused: '{{amount}}위안 출금이 거절되었습니다. 자금은 다시 사용할 수 있습니다.',
    priceAlertTitle: '가격 알림',
    priceAlert: '{{name}}({{symbol}}) 현재가 {{price}}.',
    shipmentTitle: '배송 업데이트',
    shipment: '택배 {{trackingNo}}에 새 소식이 있습니다. 눌러서 확인하세요.',
    topUpTitle: '스토어 충전',
    topUpPassed: '{{amount}} USD 충전이 승인되었습니다.',
    topUpRefused: '{{amount}} USD 충전이 거절되었습니다.',
    withdrawalTitle: '스토어 출금',
    withdrawalPassed: '{{amount}} USD 출금이 지급되었습니다.',
    withdrawalRefused: '{{amount}} USD 출금이 거절되어 잔액으로 돌아왔습니다.',
    ordersExpiredTitle: '주문 만료',
    ordersExpired: '{{date}} 주문 {{count}}건이 미체결 또는 일부 체결 상태로 만료되었습니다.',
    refundTitle: '환불',
    refundApproved: '상점이 주문 {{order}}의 환불 {{amount}} USD를 승인했습니다.',
    refundRefused: '상점이 주문 {{order}}의 환불을 거절했습니다. 눌러서 이유를 확인하세요.',
    refundRefunded: '주문 {{order}}의 {{amount}} USD가 스토어 잔액으로 환불되었습니다.',
    complaintTitle: '고객센터',
    complaintReplied: '고객센터가 민원에 답변했습니다. 눌러서 확인하세요.',
    refundEscalationApproved:
      '플랫폼이 상점의 결정을 뒤집었습니다: 주문 {{order}}의 {{amount}} USD가 잔액으로 환불되었습니다.',
    refundEscalationUpheld: '플랫폼이 주문 {{order}} 환불 거절을 유지했습니다. 눌러서 이유를 확인하세요.',
  },
  th: {
    fillTitle: 'คำสั่งจับคู่แล้ว',
    fillBuy: 'ซื้อ {{name}} ({{symbol}}) {{quantity}} หุ้น ที่ราคา {{price}}',
    fillSell: 'ขาย {{name}} ({{symbol}}) {{quantity}} หุ้น ที่ราคา {{price}}',
    blockTitle: 'การซื้อขายรายใหญ่',
    blockSettled: 'คำสั่งรายใหญ่ {{name}} ({{symbol}}) {{quantity}} หุ้น ที่ {{price}} ชำระราคาแล้ว',
    blockRefused: 'คำสั่งรายใหญ่ {{name}} ({{symbol}}) ถูกปฏิเสธ สิ่งที่ถูกกันไว้ใช้ได้อีกครั้งแล้ว',
    ipoNumbersTitle: 'หมายเลขจับสลากหุ้น IPO',
    ipoNumbers: '{{name}} ({{symbol}}): คุณได้รับหมายเลขจับสลาก {{numbers}} หมายเลข ตั้งแต่ {{first}} ถึง {{last}}',
    allotmentTitle: 'ผลการจัดสรรหุ้นใหม่',
    allotmentWon:
      '{{name}} ({{symbol}}): ได้รับจัดสรร {{shares}} หุ้น โปรดเตรียม {{amount}} หยวนภายใน 16:00 น. วันที่ {{date}}',
    allotmentLost: '{{name}} ({{symbol}}): ครั้งนี้ไม่ได้รับการจัดสรร',
    paymentResultTitle: 'การชำระเงินหุ้นใหม่',
    paymentResult: '{{name}} ({{symbol}}): ชำระแล้ว {{paid}} หุ้น สละสิทธิ์ {{abandoned}} หุ้น',
    paymentDueTitle: 'ครบกำหนดชำระวันนี้',
    paymentDue: '{{name}} ({{symbol}}): ต้องชำระ {{amount}} หยวนภายใน 16:00 น. วันที่ {{date}}',
    transferTitle: 'การโอนเงินธนาคาร',
    transferInPassed: 'เงิน {{amount}} หยวนจากบัตรลงท้าย {{card}} เข้าบัญชีแล้ว',
    transferInRefused: 'การโอนเข้า {{amount}} หยวนจากบัตรลงท้าย {{card}} ถูกปฏิเสธ',
    transferOutPassed: 'โอน {{amount}} หยวนไปยังบัตรลงท้าย {{card}} แล้ว',
    transferOutRefused: 'การโอนออก {{amount}} หยวนถูกปฏิเสธ เงินกลับมาใช้ได้แล้ว',
    priceAlertTitle: 'การแจ้งเตือนราคา',
    priceAlert: '{{name}} ({{symbol}}) อยู่ที่ {{price}}',
    shipmentTitle: 'อัปเดตพัสดุ',
    shipment: 'พัสดุ {{trackingNo}} มีความเคลื่อนไหว แตะเพื่อติดตาม',
    topUpTitle: 'เติมเงินร้านค้า',
    topUpPassed: 'การเติมเงิน {{amount}} USD ผ่านแล้ว',
    topUpRefused: 'การเติมเงิน {{amount}} USD ถูกปฏิเสธ',
    withdrawalTitle: 'ถอนเงินร้านค้า',
    withdrawalPassed: 'การถอนเงิน {{amount}} USD จ่ายออกแล้ว',
    withdrawalRefused: 'การถอนเงิน {{amount}} USD ถูกปฏิเสธและคืนเข้ายอดคงเหลือแล้ว',
    ordersExpiredTitle: 'คำสั่งหมดอายุ',
    ordersExpired: 'คำสั่ง {{count}} รายการของวันที่ {{date}} หมดอายุโดยยังไม่จับคู่หรือจับคู่เพียงบางส่วน',
    refundTitle: 'การคืนเงิน',
    refundApproved: 'ร้านค้าอนุมัติการคืนเงิน {{amount}} USD สำหรับคำสั่งซื้อ {{order}} แล้ว',
    refundRefused: 'ร้านค้าปฏิเสธการคืนเงินสำหรับคำสั่งซื้อ {{order}} แตะเพื่อดูเหตุผล',
    refundRefunded: 'คืนเงิน {{amount}} USD ของคำสั่งซื้อ {{order}} เข้ายอดเงินร้านค้าของคุณแล้ว',
    complaintTitle: 'ฝ่ายบริการลูกค้า',
    complaintReplied: 'ฝ่ายบริการลูกค้าตอบข้อร้องเรียนของคุณแล้ว แตะเพื่ออ่าน',
    refundEscalationApproved:
      'แพลตฟอร์มกลับคำตัดสินของร้านค้า: คืนเงิน {{amount}} USD ของคำสั่งซื้อ {{order}} เข้ายอดเงินแล้ว',
    refundEscalationUpheld: 'แพลตฟอร์มยืนยันการปฏิเสธการคืนเงินสำหรับคำสั่งซื้อ {{order}} แตะเพื่อดูเหตุผล',
  },
  fr: {
    fillTitle: 'Ordre exécuté',
    fillBuy: 'Achat de {{quantity}} actions {{name}} ({{symbol}}) à {{price}}.',
    fillSell: 'Vente de {{quantity}} actions {{name}} ({{symbol}}) à {{price}}.',
    blockTitle: 'Transaction de bloc',
    blockSettled: 'Votre ordre de bloc de {{quantity}} actions {{name}} ({{symbol}}) à {{price}} est réglé.',
    blockRefused:
      'Votre ordre de bloc sur {{name}} ({{symbol}}) a été refusé ; ce qu’il bloquait est libéré.',
    ipoNumbersTitle: 'Numéros de tirage',
    ipoNumbers: '{{name}} ({{symbol}}) : vos {{numbers}} numéros de tirage vont du {{first}} au {{last}}.',
    allotmentTitle: 'Résultat d’introduction',
    allotmentWon:
      '{{name}} ({{symbol}}) : {{shares}} actions attribuées. Payez {{amount}} CNY avant 16 h le {{date}}.',
    allotmentLost: '{{name}} ({{symbol}}) : aucune action attribuée cette fois.',
    paymentResultTitle: 'Paiement des nouvelles actions',
    paymentResult: '{{name}} ({{symbol}}) : {{paid}} actions payées, {{abandoned}} abandonnées.',
    paymentDueTitle: 'Paiement dû aujourd’hui',
    paymentDue: '{{name}} ({{symbol}}) : {{amount}} CNY à payer avant 16 h le {{date}}.',
    transferTitle: 'Virement bancaire',
    transferInPassed: '{{amount}} CNY de votre carte se terminant par {{card}} sont arrivés.',
    transferInRefused:
      'Le virement entrant de {{amount}} CNY depuis votre carte se terminant par {{card}} a été refusé.',
    transferOutPassed: '{{amount}} CNY ont été envoyés sur votre carte se terminant par {{card}}.',
    transferOutRefused:
      'Le virement sortant de {{amount}} CNY a été refusé ; l’argent est de nouveau disponible.',
    priceAlertTitle: 'Alerte de cours',
    priceAlert: '{{name}} ({{symbol}}) est à {{price}}.',
    shipmentTitle: 'Suivi de colis',
    shipment: 'Le colis {{trackingNo}} a avancé. Touchez pour le suivre.',
    topUpTitle: 'Recharge boutique',
    topUpPassed: 'Votre recharge de {{amount}} USD est acceptée.',
    topUpRefused: 'Votre recharge de {{amount}} USD a été refusée.',
    withdrawalTitle: 'Retrait boutique',
    withdrawalPassed: 'Votre retrait de {{amount}} USD a été versé.',
    withdrawalRefused: 'Votre retrait de {{amount}} USD a été refusé et recrédité sur votre solde.',
    ordersExpiredTitle: 'Ordres expirés',
    ordersExpired: 'Ordres du {{date}} expirés sans exécution complète : {{count}}.',
    refundTitle: 'Remboursement',
    refundApproved: 'La boutique a accepté votre remboursement de {{amount}} USD pour la commande {{order}}.',
    refundRefused:
      'La boutique a refusé votre remboursement pour la commande {{order}}. Touchez pour voir pourquoi.',
    refundRefunded: '{{amount}} USD de la commande {{order}} sont revenus sur votre solde boutique.',
    complaintTitle: 'Service client',
    complaintReplied: 'Le service client a répondu à votre réclamation. Touchez pour la lire.',
    refundEscalationApproved:
      'La plateforme a donné tort à la boutique : {{amount}} USD de la commande {{order}} sont revenus sur votre solde.',
    refundEscalationUpheld:
      'La plateforme a maintenu le refus de la boutique pour la commande {{order}}. Touchez pour voir pourquoi.',
  },
  it: {
    fillTitle: 'Ordine eseguito',
    fillBuy: 'Acquistate {{quantity}} azioni {{name}} ({{symbol}}) a {{price}}.',
    fillSell: 'Vendute {{quantity}} azioni {{name}} ({{symbol}}) a {{price}}.',
    blockTitle: 'Operazione in blocco',
    blockSettled:
      'Il tuo ordine in blocco di {{quantity}} azioni {{name}} ({{symbol}}) a {{price}} è stato regolato.',
    blockRefused:
      'Il tuo ordine in blocco su {{name}} ({{symbol}}) è stato rifiutato; quanto bloccato è di nuovo libero.',
    ipoNumbersTitle: 'Numeri del sorteggio',
    ipoNumbers:
      '{{name}} ({{symbol}}): i tuoi {{numbers}} numeri per il sorteggio vanno dal {{first}} al {{last}}.',
    allotmentTitle: 'Esito dell’assegnazione',
    allotmentWon:
      '{{name}} ({{symbol}}): {{shares}} azioni assegnate. Paga {{amount}} CNY entro le 16:00 del {{date}}.',
    allotmentLost: '{{name}} ({{symbol}}): nessuna azione assegnata questa volta.',
    paymentResultTitle: 'Pagamento nuove azioni',
    paymentResult: '{{name}} ({{symbol}}): {{paid}} azioni pagate, {{abandoned}} rinunciate.',
    paymentDueTitle: 'Pagamento in scadenza oggi',
    paymentDue: '{{name}} ({{symbol}}): {{amount}} CNY da pagare entro le 16:00 del {{date}}.',
    transferTitle: 'Bonifico bancario',
    transferInPassed: '{{amount}} CNY dalla carta che termina con {{card}} sono arrivati.',
    transferInRefused:
      'Il bonifico in entrata di {{amount}} CNY dalla carta che termina con {{card}} è stato rifiutato.',
    transferOutPassed: '{{amount}} CNY inviati alla carta che termina con {{card}}.',
    transferOutRefused:
      'Il bonifico in uscita di {{amount}} CNY è stato rifiutato; il denaro è di nuovo disponibile.',
    priceAlertTitle: 'Avviso di prezzo',
    priceAlert: '{{name}} ({{symbol}}) è a {{price}}.',
    shipmentTitle: 'Aggiornamento spedizione',
    shipment: 'Il pacco {{trackingNo}} si è mosso. Tocca per seguirlo.',
    topUpTitle: 'Ricarica del negozio',
    topUpPassed: 'La tua ricarica di {{amount}} USD è stata accettata.',
    topUpRefused: 'La tua ricarica di {{amount}} USD è stata rifiutata.',
    withdrawalTitle: 'Prelievo dal negozio',
    withdrawalPassed: 'Il tuo prelievo di {{amount}} USD è stato pagato.',
    withdrawalRefused: 'Il tuo prelievo di {{amount}} USD è stato rifiutato ed è tornato nel saldo.',
    ordersExpiredTitle: 'Ordini scaduti',
    ordersExpired: 'Ordini del {{date}} scaduti senza esecuzione completa: {{count}}.',
    refundTitle: 'Rimborso',
    refundApproved: "Il negozio ha approvato il rimborso di {{amount}} USD per l'ordine {{order}}.",
    refundRefused: "Il negozio ha rifiutato il rimborso per l'ordine {{order}}. Tocca per vedere il motivo.",
    refundRefunded: "{{amount}} USD dell'ordine {{order}} sono tornati sul saldo del negozio.",
    complaintTitle: 'Assistenza clienti',
    complaintReplied: "L'assistenza clienti ha risposto al tuo reclamo. Tocca per leggerlo.",
    refundEscalationApproved:
      "La piattaforma ha dato torto al negozio: {{amount}} USD dell'ordine {{order}} sono tornati sul saldo.",
    refundEscalationUpheld:
      "La piattaforma ha confermato il rifiuto del negozio per l'ordine {{order}}. Tocca per vedere il motivo.",
  },
};
