import type { SpecKind, StoreCategory } from '@bourse/shared';
import type { Localised } from '../schema.ts';

/**
 * The words the demo catalogue is made of, in all seven languages: product types per
 * category, their spec labels, and sentences for descriptions. Brands are invented.
 */

type Fill = (n: string) => Localised;

const localised = (
  en: string,
  zh: string,
  ja: string,
  ko: string,
  th: string,
  fr: string,
  it: string,
): Localised => ({
  en,
  'zh-CN': zh,
  ja,
  ko,
  th,
  fr,
  it,
});

const same = (text: string): Localised => localised(text, text, text, text, text, text, text);

const COLOURS: Localised[] = [
  localised('Black', '黑色', 'ブラック', '블랙', 'สีดำ', 'Noir', 'Nero'),
  localised('White', '白色', 'ホワイト', '화이트', 'สีขาว', 'Blanc', 'Bianco'),
  localised('Blue', '蓝色', 'ブルー', '블루', 'สีน้ำเงิน', 'Bleu', 'Blu'),
  localised('Red', '红色', 'レッド', '레드', 'สีแดง', 'Rouge', 'Rosso'),
  localised('Green', '绿色', 'グリーン', '그린', 'สีเขียว', 'Vert', 'Verde'),
  localised('Grey', '灰色', 'グレー', '그레이', 'สีเทา', 'Gris', 'Grigio'),
  localised('Pink', '粉色', 'ピンク', '핑크', 'สีชมพู', 'Rose', 'Rosa'),
];

const units =
  (en: string, zh: string, ja: string, ko: string, th: string, fr: string, it: string): Fill =>
  (n) =>
    localised(
      en.replace('#', n),
      zh.replace('#', n),
      ja.replace('#', n),
      ko.replace('#', n),
      th.replace('#', n),
      fr.replace('#', n),
      it.replace('#', n),
    );

const tablets = units('# tablets', '#片', '#粒', '#정', '# เม็ด', '# comprimés', '# compresse');
const pieces = units('# pieces', '#颗粒', '#ピース', '#피스', '# ชิ้น', '# pièces', '# pezzi');

/** How a product type's specs are labelled: the labels in order, each a step dearer. */
export interface SpecTemplate {
  kind: SpecKind;
  labels: Localised[];
  /** Added to the base price per step up the list (USD); colours cost the same. */
  step: string;
}

const colours: SpecTemplate = { kind: 'colour', labels: COLOURS, step: '0' };
const sizes: SpecTemplate = { kind: 'size', labels: ['S', 'M', 'L', 'XL', 'XXL'].map(same), step: '0' };
const capacity = (labels: Localised[], step: string): SpecTemplate => ({ kind: 'capacity', labels, step });

export interface ProductType {
  name: Localised;
  specs: SpecTemplate;
  /** Base price range, whole USD. */
  price: [number, number];
}

const type = (name: Localised, specs: SpecTemplate, price: [number, number]): ProductType => ({
  name,
  specs,
  price,
});

export interface CategoryTemplate {
  name: Localised;
  types: ProductType[];
  /** One sentence every description in the category opens with. */
  pitch: Localised;
}

export const CATEGORY_TEMPLATES: Record<StoreCategory, CategoryTemplate> = {
  computer: {
    name: localised('Computer', '电脑', 'パソコン', '컴퓨터', 'คอมพิวเตอร์', 'Informatique', 'Informatica'),
    pitch: localised(
      'Built for work and play, with a sturdy finish that stays cool under load.',
      '兼顾办公与娱乐，做工扎实，高负载下依然保持凉爽。',
      '仕事にも遊びにも使える、高負荷でも熱くなりにくい頑丈な作りです。',
      '업무와 여가 모두에 맞춘 튼튼한 마감으로, 고부하에서도 시원하게 유지됩니다.',
      'ออกแบบมาเพื่อทั้งการทำงานและความบันเทิง งานประกอบแข็งแรงและไม่ร้อนแม้ใช้งานหนัก',
      'Conçu pour le travail et les loisirs, avec une finition robuste qui reste fraîche sous la charge.',
      'Pensato per il lavoro e il tempo libero, con una finitura robusta che resta fresca sotto sforzo.',
    ),
    types: [
      type(
        localised(
          'Laptop',
          '笔记本电脑',
          'ノートパソコン',
          '노트북',
          'แล็ปท็อป',
          'Ordinateur portable',
          'Computer portatile',
        ),
        capacity(['256 GB SSD', '512 GB SSD', '1 TB SSD'].map(same), '80'),
        [399, 1499],
      ),
      type(
        localised(
          'Mechanical Keyboard',
          '机械键盘',
          'メカニカルキーボード',
          '기계식 키보드',
          'คีย์บอร์ดแมคคานิคอล',
          'Clavier mécanique',
          'Tastiera meccanica',
        ),
        colours,
        [29, 149],
      ),
      type(
        localised(
          'Wireless Mouse',
          '无线鼠标',
          'ワイヤレスマウス',
          '무선 마우스',
          'เมาส์ไร้สาย',
          'Souris sans fil',
          'Mouse senza fili',
        ),
        colours,
        [9, 59],
      ),
      type(
        localised('Monitor', '显示器', 'モニター', '모니터', 'จอมอนิเตอร์', 'Écran', 'Monitor'),
        capacity(['24"', '27"', '32"'].map(same), '60'),
        [119, 499],
      ),
    ],
  },
  electrical: {
    name: localised(
      'Electrical Equipment',
      '电器',
      '家電',
      '가전제품',
      'เครื่องใช้ไฟฟ้า',
      'Électroménager',
      'Elettrodomestici',
    ),
    pitch: localised(
      'Energy-saving, quiet and easy to clean, with a two-year warranty.',
      '节能静音，易于清洁，享受两年保修。',
      '省エネで静か、お手入れも簡単。2年保証付きです。',
      '에너지 절약형에 조용하고 청소가 쉬우며 2년 보증이 제공됩니다.',
      'ประหยัดพลังงาน เงียบ ทำความสะอาดง่าย พร้อมรับประกันสองปี',
      'Économe en énergie, silencieux et facile à nettoyer, garanti deux ans.',
      'A basso consumo, silenzioso e facile da pulire, con due anni di garanzia.',
    ),
    types: [
      type(
        localised(
          'Air Fryer',
          '空气炸锅',
          'ノンフライヤー',
          '에어프라이어',
          'หม้อทอดไร้น้ำมัน',
          'Friteuse sans huile',
          'Friggitrice ad aria',
        ),
        capacity(['3.5 L', '5.5 L', '7 L'].map(same), '15'),
        [39, 159],
      ),
      type(
        localised(
          'Robot Vacuum',
          '扫地机器人',
          'ロボット掃除機',
          '로봇청소기',
          'หุ่นยนต์ดูดฝุ่น',
          'Aspirateur robot',
          'Robot aspirapolvere',
        ),
        colours,
        [129, 599],
      ),
      type(
        localised(
          'Hair Dryer',
          '吹风机',
          'ヘアドライヤー',
          '헤어드라이어',
          'ไดร์เป่าผม',
          'Sèche-cheveux',
          'Asciugacapelli',
        ),
        colours,
        [19, 129],
      ),
      type(
        localised(
          'Electric Kettle',
          '电热水壶',
          '電気ケトル',
          '전기포트',
          'กาต้มน้ำไฟฟ้า',
          'Bouilloire électrique',
          'Bollitore elettrico',
        ),
        capacity(['1.0 L', '1.5 L', '1.7 L'].map(same), '5'),
        [15, 69],
      ),
    ],
  },
  outdoors: {
    name: localised('Outdoors', '户外', 'アウトドア', '아웃도어', 'กิจกรรมกลางแจ้ง', 'Plein air', 'Outdoor'),
    pitch: localised(
      'Light, weatherproof and ready for the trail, from weekend camps to long treks.',
      '轻便防风雨，从周末露营到长途徒步都能胜任。',
      '軽量で雨風に強く、週末キャンプから長距離トレッキングまで活躍します。',
      '가볍고 비바람에 강해 주말 캠핑부터 장거리 트레킹까지 든든합니다.',
      'น้ำหนักเบา ทนทุกสภาพอากาศ พร้อมลุยตั้งแต่แคมป์สุดสัปดาห์จนถึงการเดินป่าระยะไกล',
      'Léger, résistant aux intempéries et prêt pour le sentier, du camping du week-end aux longues randonnées.',
      'Leggero, resistente alle intemperie e pronto per il sentiero, dal campeggio nel weekend ai lunghi trekking.',
    ),
    types: [
      type(
        localised(
          'Camping Tent',
          '露营帐篷',
          'キャンプテント',
          '캠핑 텐트',
          'เต็นท์แคมปิ้ง',
          'Tente de camping',
          'Tenda da campeggio',
        ),
        capacity(
          [
            units('# person', '#人', '#人用', '#인용', '# คน', '# places', '# posti')('2'),
            units('# persons', '#人', '#人用', '#인용', '# คน', '# places', '# posti')('4'),
          ],
          '40',
        ),
        [59, 299],
      ),
      type(
        localised(
          'Hiking Backpack',
          '登山背包',
          '登山用リュック',
          '등산 배낭',
          'เป้เดินป่า',
          'Sac à dos de randonnée',
          'Zaino da trekking',
        ),
        capacity(['30 L', '45 L', '60 L'].map(same), '12'),
        [35, 189],
      ),
      type(
        localised('Sleeping Bag', '睡袋', '寝袋', '침낭', 'ถุงนอน', 'Sac de couchage', 'Sacco a pelo'),
        colours,
        [25, 149],
      ),
      type(
        localised(
          'Trekking Poles',
          '登山杖',
          'トレッキングポール',
          '등산 스틱',
          'ไม้เท้าเดินป่า',
          'Bâtons de randonnée',
          'Bastoncini da trekking',
        ),
        colours,
        [19, 89],
      ),
    ],
  },
  family: {
    name: localised('Family Life', '家居生活', '生活雑貨', '생활용품', 'ของใช้ในบ้าน', 'Maison', 'Casa'),
    pitch: localised(
      'Soft, durable materials for a home that feels calm and tidy every day.',
      '柔软耐用的材质，让家每天都整洁舒适。',
      'やわらかく丈夫な素材で、毎日すっきり心地よい暮らしを。',
      '부드럽고 튼튼한 소재로 매일 깔끔하고 편안한 집을 만듭니다.',
      'วัสดุนุ่มและทนทาน ช่วยให้บ้านสะอาดเรียบร้อยและน่าอยู่ทุกวัน',
      'Des matières douces et durables pour une maison calme et rangée au quotidien.',
      'Materiali morbidi e resistenti per una casa ordinata e accogliente ogni giorno.',
    ),
    types: [
      type(
        localised(
          'Bath Towel Set',
          '浴巾套装',
          'バスタオルセット',
          '목욕 타월 세트',
          'ชุดผ้าเช็ดตัว',
          'Ensemble de serviettes de bain',
          'Set di asciugamani',
        ),
        colours,
        [15, 69],
      ),
      type(
        localised(
          'Ceramic Dinnerware',
          '陶瓷餐具',
          '陶器の食器セット',
          '도자기 식기 세트',
          'ชุดจานชามเซรามิก',
          'Service de table en céramique',
          'Servizio di piatti in ceramica',
        ),
        colours,
        [29, 159],
      ),
      type(
        localised(
          'Storage Box',
          '收纳箱',
          '収納ボックス',
          '수납함',
          'กล่องเก็บของ',
          'Boîte de rangement',
          'Scatola portaoggetti',
        ),
        capacity(['20 L', '40 L', '60 L'].map(same), '4'),
        [9, 49],
      ),
      type(
        localised(
          'Bed Sheet Set',
          '床单四件套',
          'ベッドシーツセット',
          '침구 세트',
          'ชุดผ้าปูที่นอน',
          'Parure de draps',
          'Set di lenzuola',
        ),
        capacity(
          [
            localised('Single', '单人', 'シングル', '싱글', 'เตียงเดี่ยว', '1 place', 'Singolo'),
            localised('Double', '双人', 'ダブル', '더블', 'เตียงคู่', '2 places', 'Matrimoniale'),
            same('King'),
          ],
          '10',
        ),
        [25, 129],
      ),
    ],
  },
  health: {
    name: localised('Health', '健康', 'ヘルスケア', '건강', 'สุขภาพ', 'Santé', 'Salute'),
    pitch: localised(
      'Made to everyday health standards and checked batch by batch.',
      '按日常健康标准生产，逐批检验。',
      '日常の健康基準に沿って作られ、ロットごとに検査済みです。',
      '일상 건강 기준에 맞춰 생산되며 배치마다 검사를 거칩니다.',
      'ผลิตตามมาตรฐานสุขภาพและผ่านการตรวจสอบทุกล็อต',
      'Fabriqué selon les normes de santé du quotidien et contrôlé lot par lot.',
      'Prodotto secondo gli standard per la salute quotidiana e controllato lotto per lotto.',
    ),
    types: [
      type(
        localised(
          'Vitamin C Tablets',
          '维生素C片',
          'ビタミンCタブレット',
          '비타민C 정',
          'วิตามินซีชนิดเม็ด',
          'Comprimés de vitamine C',
          'Compresse di vitamina C',
        ),
        capacity(['60', '120', '180'].map(tablets), '6'),
        [8, 39],
      ),
      type(
        localised(
          'Electric Toothbrush',
          '电动牙刷',
          '電動歯ブラシ',
          '전동칫솔',
          'แปรงสีฟันไฟฟ้า',
          'Brosse à dents électrique',
          'Spazzolino elettrico',
        ),
        colours,
        [19, 119],
      ),
      type(
        localised(
          'Blood Pressure Monitor',
          '电子血压计',
          '電子血圧計',
          '전자 혈압계',
          'เครื่องวัดความดันโลหิต',
          'Tensiomètre électronique',
          'Misuratore di pressione',
        ),
        colours,
        [25, 99],
      ),
      type(
        localised(
          'Yoga Mat',
          '瑜伽垫',
          'ヨガマット',
          '요가 매트',
          'เสื่อโยคะ',
          'Tapis de yoga',
          'Tappetino da yoga',
        ),
        colours,
        [12, 69],
      ),
    ],
  },
  menswear: {
    name: localised(
      "Men's Clothing",
      '男装',
      'メンズファッション',
      '남성 의류',
      'เสื้อผ้าผู้ชาย',
      'Mode homme',
      'Abbigliamento uomo',
    ),
    pitch: localised(
      'A clean cut in breathable fabric that keeps its shape wash after wash.',
      '版型利落，面料透气，多次洗涤依然不变形。',
      'すっきりしたシルエットと通気性のよい生地で、洗濯しても型崩れしにくい。',
      '깔끔한 핏과 통기성 좋은 원단으로 여러 번 세탁해도 형태가 유지됩니다.',
      'ทรงเรียบร้อย ผ้าระบายอากาศได้ดี ซักกี่ครั้งก็ไม่เสียทรง',
      'Une coupe nette dans un tissu respirant qui garde sa forme lavage après lavage.',
      'Un taglio pulito in tessuto traspirante che mantiene la forma lavaggio dopo lavaggio.',
    ),
    types: [
      type(
        localised(
          'Cotton T-Shirt',
          '纯棉T恤',
          'コットンTシャツ',
          '면 티셔츠',
          'เสื้อยืดผ้าฝ้าย',
          'T-shirt en coton',
          'T-shirt in cotone',
        ),
        sizes,
        [9, 39],
      ),
      type(
        localised(
          'Slim Jeans',
          '修身牛仔裤',
          'スリムジーンズ',
          '슬림핏 청바지',
          'กางเกงยีนส์ทรงสลิม',
          'Jean coupe ajustée',
          'Jeans slim',
        ),
        sizes,
        [25, 89],
      ),
      type(
        localised(
          'Down Jacket',
          '羽绒服',
          'ダウンジャケット',
          '패딩 점퍼',
          'เสื้อแจ็กเก็ตขนเป็ด',
          'Doudoune',
          'Piumino',
        ),
        sizes,
        [59, 259],
      ),
      type(
        localised(
          'Oxford Shirt',
          '牛津纺衬衫',
          'オックスフォードシャツ',
          '옥스퍼드 셔츠',
          'เสื้อเชิ้ตอ็อกซ์ฟอร์ด',
          'Chemise Oxford',
          'Camicia Oxford',
        ),
        sizes,
        [19, 79],
      ),
    ],
  },
  womenswear: {
    name: localised(
      "Women's Clothing",
      '女装',
      'レディースファッション',
      '여성 의류',
      'เสื้อผ้าผู้หญิง',
      'Mode femme',
      'Abbigliamento donna',
    ),
    pitch: localised(
      'Flattering lines in soft fabric, easy to wear from morning to evening.',
      '线条修身，面料柔软，从早到晚都穿着舒适。',
      'きれいなラインとやわらかな素材で、朝から夜まで快適に着られます。',
      '라인이 예쁘고 소재가 부드러워 아침부터 저녁까지 편안하게 입을 수 있습니다.',
      'ทรงสวยเข้ารูป ผ้านุ่ม สวมใส่สบายตั้งแต่เช้าจรดค่ำ',
      'Des lignes flatteuses dans une matière douce, faciles à porter du matin au soir.',
      'Linee che valorizzano in un tessuto morbido, comode da indossare dalla mattina alla sera.',
    ),
    types: [
      type(
        localised(
          'Floral Dress',
          '碎花连衣裙',
          '花柄ワンピース',
          '플라워 원피스',
          'ชุดเดรสลายดอกไม้',
          'Robe à fleurs',
          'Abito a fiori',
        ),
        sizes,
        [25, 119],
      ),
      type(
        localised(
          'Knit Cardigan',
          '针织开衫',
          'ニットカーディガン',
          '니트 가디건',
          'เสื้อคาร์ดิแกนไหมพรม',
          'Cardigan en maille',
          'Cardigan in maglia',
        ),
        sizes,
        [19, 89],
      ),
      type(
        localised(
          'Pleated Skirt',
          '百褶裙',
          'プリーツスカート',
          '플리츠 스커트',
          'กระโปรงอัดพลีท',
          'Jupe plissée',
          'Gonna plissettata',
        ),
        sizes,
        [15, 69],
      ),
      type(
        localised(
          'Trench Coat',
          '风衣',
          'トレンチコート',
          '트렌치코트',
          'เสื้อโค้ทเทรนช์',
          'Trench-coat',
          'Trench',
        ),
        sizes,
        [59, 229],
      ),
    ],
  },
  food: {
    name: localised('Food', '食品', '食品', '식품', 'อาหาร', 'Alimentation', 'Alimentari'),
    pitch: localised(
      'Carefully sourced, freshly packed and sealed to keep its flavour.',
      '严选产地，新鲜包装，密封锁住风味。',
      '厳選した産地から新鮮なうちに包装し、風味を閉じ込めました。',
      '엄선한 산지에서 신선하게 포장하고 밀봉해 풍미를 지켰습니다.',
      'คัดสรรแหล่งผลิตอย่างดี บรรจุสดใหม่และปิดผนึกเพื่อคงรสชาติ',
      'Soigneusement sélectionné, emballé frais et scellé pour garder toute sa saveur.',
      'Selezionato con cura, confezionato fresco e sigillato per conservarne il sapore.',
    ),
    types: [
      type(
        localised('Green Tea', '绿茶', '緑茶', '녹차', 'ชาเขียว', 'Thé vert', 'Tè verde'),
        capacity(['100 g', '250 g', '500 g'].map(same), '8'),
        [6, 49],
      ),
      type(
        localised(
          'Roasted Coffee Beans',
          '烘焙咖啡豆',
          '焙煎コーヒー豆',
          '원두 커피',
          'เมล็ดกาแฟคั่ว',
          'Café en grains torréfié',
          'Caffè in grani tostato',
        ),
        capacity(['250 g', '500 g', '1 kg'].map(same), '9'),
        [9, 39],
      ),
      type(
        localised(
          'Mixed Nuts',
          '每日坚果',
          'ミックスナッツ',
          '믹스 견과',
          'ถั่วรวม',
          'Mélange de noix',
          'Frutta secca mista',
        ),
        capacity(['300 g', '750 g'].map(same), '7'),
        [7, 29],
      ),
      type(
        localised(
          'Dark Chocolate',
          '黑巧克力',
          'ダークチョコレート',
          '다크 초콜릿',
          'ดาร์กช็อกโกแลต',
          'Chocolat noir',
          'Cioccolato fondente',
        ),
        capacity(['100 g', '200 g', '400 g'].map(same), '3'),
        [3, 19],
      ),
    ],
  },
  phone: {
    name: localised(
      'Mobile Phone',
      '手机',
      'スマートフォン',
      '휴대폰',
      'โทรศัพท์มือถือ',
      'Téléphonie',
      'Telefonia',
    ),
    pitch: localised(
      'Fast, reliable and ready out of the box, with a universal charger.',
      '运行流畅稳定，开箱即用，附赠通用充电器。',
      '高速で安定、届いてすぐに使え、汎用充電器付きです。',
      '빠르고 안정적이며 개봉 즉시 사용할 수 있고 범용 충전기가 포함됩니다.',
      'เร็ว เสถียร พร้อมใช้งานทันทีที่แกะกล่อง มาพร้อมที่ชาร์จแบบสากล',
      "Rapide, fiable et prêt à l'emploi, livré avec un chargeur universel.",
      "Veloce, affidabile e pronto all'uso, con caricatore universale incluso.",
    ),
    types: [
      type(
        localised(
          'Smartphone',
          '智能手机',
          'スマートフォン',
          '스마트폰',
          'สมาร์ทโฟน',
          'Smartphone',
          'Smartphone',
        ),
        capacity(['128 GB', '256 GB', '512 GB'].map(same), '100'),
        [199, 999],
      ),
      type(
        localised(
          'Wireless Earbuds',
          '无线蓝牙耳机',
          'ワイヤレスイヤホン',
          '무선 이어폰',
          'หูฟังไร้สาย',
          'Écouteurs sans fil',
          'Auricolari wireless',
        ),
        colours,
        [19, 179],
      ),
      type(
        localised(
          'Power Bank',
          '充电宝',
          'モバイルバッテリー',
          '보조배터리',
          'พาวเวอร์แบงก์',
          'Batterie externe',
          'Power bank',
        ),
        capacity(['10000 mAh', '20000 mAh'].map(same), '10'),
        [15, 59],
      ),
      type(
        localised(
          'Phone Case',
          '手机壳',
          'スマホケース',
          '휴대폰 케이스',
          'เคสโทรศัพท์',
          'Coque de téléphone',
          'Cover per telefono',
        ),
        colours,
        [5, 29],
      ),
    ],
  },
  toys: {
    name: localised('Toys', '玩具', 'おもちゃ', '장난감', 'ของเล่น', 'Jouets', 'Giocattoli'),
    pitch: localised(
      'Safe, non-toxic materials and rounded edges, tested for children over three.',
      '材料安全无毒，边角圆润，适合三岁以上儿童。',
      '安全な無害素材と丸い角で、3歳以上のお子さま向けに検査済みです。',
      '안전한 무독성 소재와 둥근 모서리로 3세 이상 어린이용 검사를 마쳤습니다.',
      'วัสดุปลอดภัยไร้สารพิษ ขอบมน ผ่านการทดสอบสำหรับเด็กอายุสามปีขึ้นไป',
      'Matériaux sûrs et non toxiques, bords arrondis, testé pour les enfants de plus de trois ans.',
      'Materiali sicuri e atossici, bordi arrotondati, testato per bambini sopra i tre anni.',
    ),
    types: [
      type(
        localised(
          'Building Blocks',
          '积木套装',
          'ブロックセット',
          '블록 세트',
          'ชุดตัวต่อ',
          'Jeu de construction',
          'Set di costruzioni',
        ),
        capacity(['300', '600', '1200'].map(pieces), '15'),
        [15, 99],
      ),
      type(
        localised(
          'Plush Bear',
          '毛绒小熊',
          'くまのぬいぐるみ',
          '곰 인형',
          'ตุ๊กตาหมี',
          'Ours en peluche',
          'Orsetto di peluche',
        ),
        { kind: 'size', labels: ['30 cm', '45 cm', '60 cm'].map(same), step: '8' },
        [9, 49],
      ),
      type(
        localised(
          'Remote Control Car',
          '遥控汽车',
          'ラジコンカー',
          'RC 자동차',
          'รถบังคับวิทยุ',
          'Voiture télécommandée',
          'Auto radiocomandata',
        ),
        colours,
        [19, 129],
      ),
      type(
        localised('Jigsaw Puzzle', '拼图', 'ジグソーパズル', '직소 퍼즐', 'จิ๊กซอว์', 'Puzzle', 'Puzzle'),
        capacity(['500', '1000', '1500'].map(pieces), '5'),
        [9, 39],
      ),
    ],
  },
};

/** Sentences that close a description, one picked per product. */
export const CLOSING_LINES: Localised[] = [
  localised(
    'Ships from our overseas warehouse within 48 hours.',
    '海外仓48小时内发货。',
    '海外倉庫から48時間以内に発送します。',
    '해외 창고에서 48시간 이내에 발송됩니다.',
    'จัดส่งจากคลังสินค้าต่างประเทศภายใน 48 ชั่วโมง',
    "Expédié depuis notre entrepôt à l'étranger sous 48 heures.",
    'Spedito dal nostro magazzino estero entro 48 ore.',
  ),
  localised(
    'Free returns within 30 days if it is not right for you.',
    '不满意可30天内免费退货。',
    'ご満足いただけない場合、30日以内は返品無料です。',
    '마음에 들지 않으면 30일 이내 무료 반품이 가능합니다.',
    'หากไม่พอใจ คืนสินค้าได้ฟรีภายใน 30 วัน',
    "Retour gratuit sous 30 jours s'il ne vous convient pas.",
    'Reso gratuito entro 30 giorni se non fa per te.',
  ),
  localised(
    'Chosen by thousands of shoppers and rated highly for quality.',
    '深受众多买家青睐，品质好评如潮。',
    '多くのお客様に選ばれ、品質が高く評価されています。',
    '수많은 구매자가 선택했으며 품질 평가가 높습니다.',
    'ผู้ซื้อนับพันเลือกใช้และให้คะแนนคุณภาพสูง',
    "Choisi par des milliers d'acheteurs et très bien noté pour sa qualité.",
    'Scelto da migliaia di acquirenti e molto apprezzato per la qualità.',
  ),
  localised(
    'Packed with care in recyclable materials.',
    '采用可回收材料精心包装。',
    'リサイクル可能な素材で丁寧に梱包しています。',
    '재활용 가능한 소재로 꼼꼼하게 포장합니다.',
    'บรรจุอย่างพิถีพิถันด้วยวัสดุรีไซเคิลได้',
    'Emballé avec soin dans des matériaux recyclables.',
    'Imballato con cura in materiali riciclabili.',
  ),
];

/** Invented brands, one per demo shop. */
export const BRANDS = [
  'Lumio',
  'Nordvik',
  'Aurelo',
  'Kestrel',
  'Solvane',
  'Brixa',
  'Tamaro',
  'Velmont',
  'Orvia',
  'Quillon',
  'Zentra',
  'Corvin',
  'Aldera',
  'Pinewick',
  'Marlowe',
  'Sorrel',
  'Tidewell',
  'Yumeko',
  'Haneul',
  'Siamra',
  'Bellacosa',
  'Rivage',
  'Fiorell',
  'Kitora',
  'Dawnbrook',
  'Elmsted',
  'Nuvola',
  'Saphira',
  'Otterly',
  'Jadeleaf',
] as const;

/** How a shop's name is built from its brand. */
export const SHOP_NAMES: Fill[] = [
  units(
    '# Official Store',
    '#官方旗舰店',
    '# 公式ストア',
    '# 공식 스토어',
    'ร้านทางการ #',
    'Boutique officielle #',
    'Negozio ufficiale #',
  ),
  units('# Store', '#专卖店', '# ストア', '# 스토어', 'ร้าน #', 'Boutique #', 'Negozio #'),
  units(
    '# Global',
    '#海外旗舰店',
    '# 海外ストア',
    '# 해외 직구관',
    '# โกลบอล',
    '# International',
    '# Internazionale',
  ),
];

/** Model lines a product name ends with. */
export const SERIES = ['Pro', 'Air', 'Lite', 'Max', 'Plus', 'Mini', 'Neo', 'Go', 'S', 'X'] as const;
