// The official oral formats a teacher can start a variant from: tasks with their times, questions
// and criteria as the state exam has them, and placeholder texts (our own words) saying what the
// teacher puts in. Every figure names its source beside it; see each template's comment.
import type { Criterion } from '../../../src/shared/contract/teacher';

export interface TemplateQuestion {
  /** Shown while the question plays; null: the question is only heard (its audio is added later). */
  text: string | null;
  answerSeconds: number;
}

export interface TemplateTask {
  name: string;
  preparationDuration: number;
  /** The one answer's length; a task with questions answers for the sum of theirs instead. */
  duration: number;
  /** Rich text: what the teacher should put in, and what the student does. */
  text: string;
  questions?: TemplateQuestion[];
  criteria: Criterion[];
}

export interface TemplateData {
  key: string;
  name: string;
  tasks: TemplateTask[];
}

const points = (label: string, count: number): Criterion[] =>
  Array.from({ length: count }, (_, i) => ({ name: `${label} ${i + 1}`, maxPoints: 1 }));

const questions = (count: number, answerSeconds: number, text?: (n: number) => string) =>
  Array.from({ length: count }, (_, i) => ({ text: text ? text(i + 1) : null, answerSeconds }));

/** A task answered question by question: its duration is their answer times together. */
const withQuestions = (task: Omit<TemplateTask, 'duration'> & { questions: TemplateQuestion[] }) => ({
  ...task,
  duration: task.questions.reduce((sum, q) => sum + q.answerSeconds, 0),
});

/*
 * ЕГЭ по английскому языку, устная часть (2026): 4 задания, 20 баллов = 1 + 4 + 5 + 10.
 *
 * Documents: ФИПИ, Демонстрационный вариант КИМ ЕГЭ 2026 г. по английскому языку (устная часть);
 * Спецификация КИМ ЕГЭ 2026 г. по английскому языку. They were not reachable here; the figures
 * are those documents' as the pages below restate them:
 * - https://examwiki.ru/otvety-na-ustnuyu-chast-ege-po-anglijskomu-yazyku-2022: four speaking
 *   tasks; task 1 worth 1 point, 1.5 min to prepare.
 * - https://englishiseasy.ru/test1414/: task 1 1.5 min silent reading, at most 1.5 min aloud;
 *   task 2 four direct questions prepared in 1.5 min, 20 s for each; task 3 five questions, 40 s
 *   for each answer.
 * - https://examwiki.ru/ustnyj-ekzamen-nomer-3: task 3 questions heard once, a signal, 40 s to
 *   answer; 5 questions, 1 point each.
 * - https://lk.smitup.ru/trenazher/anglijskij-yazyk?page=241 and https://intesim.ru/task4oral:
 *   task 4 prepared in 2.5 min, spoken for at most 3 min.
 * - https://examwiki.ru/ege-angl-ustnaya-chast-4-zadanie-shablon: task 4 worth 10 points.
 * - https://en-ege.sdamgia.ru/problem?id=13793: task 1 graded by «Фонетическая сторона речи».
 * Secondary only, no page read confirms them: task 2 worth 4 (1 a question), task 4's split
 * 4 + 3 + 3 (К1 решение коммуникативной задачи, К2 организация, К3 языковое оформление) and
 * task 3 having no preparation come from a public repository's summary of the ФИПИ 2027 project,
 * which it says is unchanged from 2026 (github.com/nutakoe27-commits/englishbot, docs/exam-prep.md).
 * Per-question criteria (one per question, 1 point each) are how we lay the 1-point-a-question
 * rule out for grading.
 */
const egeEnglish: TemplateData = {
  key: 'ege-english-oral',
  name: 'ЕГЭ, английский язык, устная часть',
  tasks: [
    {
      name: 'ЕГЭ 1. Чтение текста вслух',
      preparationDuration: 90,
      duration: 90,
      text:
        '<p><strong>Замените этот абзац текстом для чтения вслух</strong>: небольшим научно-популярным ' +
        'текстом на английском языке.</p>' +
        '<p>Ученику: во время подготовки прочитайте текст про себя, после сигнала прочитайте его вслух ' +
        'ясно и в спокойном темпе.</p>',
      criteria: [{ name: 'Фонетическая сторона речи', maxPoints: 1 }],
    },
    withQuestions({
      name: 'ЕГЭ 2. Вопросы по рекламному объявлению',
      preparationDuration: 90,
      text:
        '<p><strong>Добавьте картинку рекламного объявления</strong> файлом задания и впишите четыре ' +
        'пункта, о которых ученик должен узнать (они же тексты вопросов).</p>' +
        '<p>Ученику: рассмотрите объявление и по каждому пункту задайте один прямой вопрос. ' +
        'На каждый вопрос отведено свое время, оно начинается после сигнала.</p>',
      questions: questions(4, 20, (n) => `Пункт ${n}: впишите, о чем спросить`),
      criteria: points('Вопрос', 4),
    }),
    withQuestions({
      name: 'ЕГЭ 3. Интервью',
      preparationDuration: 0,
      text:
        '<p><strong>Прикрепите к каждому вопросу аудиозапись</strong> вопроса интервьюера на английском ' +
        'языке; здесь можно назвать тему интервью.</p>' +
        '<p>Ученику: выслушайте вопрос и после сигнала ответьте полно, двумя-тремя предложениями.</p>',
      questions: questions(5, 40),
      criteria: points('Ответ на вопрос', 5),
    }),
    {
      name: 'ЕГЭ 4. Выбор фотографий для проекта',
      preparationDuration: 150,
      duration: 180,
      text:
        '<p><strong>Добавьте две фотографии</strong> файлами задания и впишите тему проекта и пункты ' +
        'плана ответа.</p>' +
        '<p>Ученику: представьте, что записываете другу голосовое сообщение о проекте. Объясните, ' +
        'почему выбрали эти фотографии и чем они различаются, назовите плюсы и минусы и скажите, что ' +
        'думаете сами. Говорите связно, без долгих пауз.</p>',
      criteria: [
        { name: 'К1. Решение коммуникативной задачи', maxPoints: 4 },
        { name: 'К2. Организация высказывания', maxPoints: 3 },
        { name: 'К3. Языковое оформление высказывания', maxPoints: 3 },
      ],
    },
  ],
};

/*
 * ОГЭ по английскому языку, устная часть (2026): 3 задания, 15 баллов = 2 + 6 + 7.
 *
 * Documents: ФИПИ, Демонстрационный вариант КИМ ОГЭ 2026 г. по английскому языку (устная часть);
 * Спецификация КИМ ОГЭ 2026 г. по английскому языку. They were not reachable here; the figures
 * are those documents' as the pages below restate them:
 * - https://examwiki.ru/ustnyj-ekzamen-po-anglijskomu-yazyku-oge-2021-trenazher: task 1 prepared
 *   in 1.5 min, read in 2 min, worth 2 points.
 * - https://en-oge.sdamgia.ru/problem?id=1520: task 1 graded by «Фонетическая сторона речи».
 * - https://your-teachers.ru/oge-ustnaya-chast-zadanie-2-telephone-survey-bank-voprosov-i-otvetov
 *   and https://fb2-book.com/read/139528-posobie-po-podgotovke-k-oge-angliyskiy-yazyk-ustnaya:
 *   task 2 six questions of a telephone survey heard from a recording, no preparation, 40 s for
 *   each answer, 1 point each (6).
 * - https://intesim.ru/oralspeach and https://dzen.ru/a/ZvL6rp2y0xhv_1Wm: task 3 a monologue on a
 *   plan, 1.5 min to prepare, at most 2 min, 7 points = 3 (решение коммуникативной задачи) +
 *   2 (организация) + 2 (языковое оформление).
 * - https://dzen.ru/a/Z5CncbPqPQ64lwQP: for 2025 only the wording of task 3's criteria changed.
 * Whether the 2026 documents changed anything since is not confirmed by a page read.
 */
const ogeEnglish: TemplateData = {
  key: 'oge-english-oral',
  name: 'ОГЭ, английский язык, устная часть',
  tasks: [
    {
      name: 'ОГЭ 1. Чтение текста вслух',
      preparationDuration: 90,
      duration: 120,
      text:
        '<p><strong>Замените этот абзац текстом для чтения вслух</strong>: небольшим научно-популярным ' +
        'текстом на английском языке.</p>' +
        '<p>Ученику: во время подготовки прочитайте текст про себя, после сигнала прочитайте его вслух.</p>',
      criteria: [{ name: 'Фонетическая сторона речи', maxPoints: 2 }],
    },
    withQuestions({
      name: 'ОГЭ 2. Условный диалог-расспрос',
      preparationDuration: 0,
      text:
        '<p><strong>Прикрепите к каждому вопросу аудиозапись</strong> вопроса на английском языке ' +
        '(например, вопроса телефонного опроса); здесь можно назвать тему опроса.</p>' +
        '<p>Ученику: выслушайте вопрос и после сигнала ответьте на него полным ответом.</p>',
      questions: questions(6, 40),
      criteria: points('Ответ на вопрос', 6),
    }),
    {
      name: 'ОГЭ 3. Монолог по плану',
      preparationDuration: 90,
      duration: 120,
      text:
        '<p><strong>Впишите тему высказывания и пункты плана</strong>, о которых ученик должен рассказать.</p>' +
        '<p>Ученику: расскажите на заданную тему, раскройте каждый пункт плана, начните со вступления ' +
        'и закончите выводом.</p>',
      criteria: [
        { name: 'К1. Решение коммуникативной задачи', maxPoints: 3 },
        { name: 'К2. Организация высказывания', maxPoints: 2 },
        { name: 'К3. Языковое оформление высказывания', maxPoints: 2 },
      ],
    },
  ],
};

/*
 * Итоговое собеседование по русскому языку (9 класс, 2026): 4 задания, 20 баллов, зачет от 10.
 *
 * Documents: ФИПИ, Демонстрационный вариант контрольных измерительных материалов итогового
 * собеседования по русскому языку 2026 г.; Критерии оценивания (в комплекте с ним); Спецификация
 * КИМ итогового собеседования 2026 г. They were not reachable here; what the pages below say:
 * - http://sbornik-fraz.ru/frazy/kriterii-ocenivaniya-ustnogo-vyskazyvaniya.html (criteria issued
 *   with the demo, updated 21.11.2024): 20 points in all, a pass from 10; tasks 1–2 with their
 *   speech-correctness criteria at most 11, tasks 3–4 with theirs at most 9; who did not start
 *   task 2 gets at most 2 by the correctness criteria of tasks 1–2, who did not start task 3 at
 *   most 2 by those of tasks 3–4.
 * - https://www.pravmir.ru/kak-poluchit-dopusk-k-oge-po-russkomu-yazyku-v-2026-godu-instrukcziya-k-sobesedovaniyu-ot-uchitelya:
 *   2026, a pass from 10 of 20, about 15 minutes, reading and retelling with a quotation, then a
 *   monologue on one of three topics and a dialogue on it.
 * - https://vpr-ege.ru/oge/itogovoe-sobesedovanie/2566-varianty-itogovogo-sobesedovaniya-2024-goda
 *   and http://sesony.ru/index.php/k-ekzamenu/513-itogovoe-sobesedovanie-v-marte-2026-goda:
 *   up to 2 min to prepare the reading, up to 2 min the retelling, 1 min the monologue.
 * - https://stolicaonego.ru/news/itogovoe-sobesedovanie-po-russkomu-jazyku-u-devjatiklassnikov-projdet-11-fevralja/:
 *   15–16 minutes in all (ours: 16 min with the times below).
 * - https://consultant.ru/document/cons_doc_LAW_341221/fa77820f9fac0f3c432548bb1279662db83353bd
 *   (Rosobrnadzor's recommendations, 2021): Д1 and Д2, 1 point each.
 * - https://ya.ru/neurum/c/nauka-i-obrazovanie/q/kakie_kriterii_ispolzuyutsya_dlya_ocenivaniya_01d90aad
 *   (a generated summary, secondary): П1 (microtopics) 2 points; intonation, tempo and the quote's
 *   use 1 each. It names the reading criteria Ч1–Ч3 and three П criteria: the current criteria may
 *   group them so (the block totals 11 and 9 stay); a teacher edits the criteria if so.
 * Not on any page read (from the criteria as we know them, unconfirmed here): ИЧ, ТЧ, П2–П4, the
 * norms Г, О, Р, И (tasks 1–2) and Г, О, Р, РО (tasks 3–4), М1–М3, 1 point each; the answer times
 * (reading 2 min, retelling 3 min, monologue 3 min, dialogue 3 min).
 * The norms are graded over a pair of tasks; we put each pair's norms on the task the source ties
 * them to: those of tasks 1–2 on task 2 (no retelling caps them), those of tasks 3–4 on task 3 (no
 * monologue caps them). So: 2 + 9 + 7 + 2 = 20 (block 1–2: 11, block 3–4: 9).
 * The dialogue is live at the real station; we ask it as three recorded questions of 60 s each.
 */
const finalInterview: TemplateData = {
  key: 'russian-final-interview',
  name: 'Итоговое собеседование по русскому языку',
  tasks: [
    {
      name: 'Собеседование 1. Чтение текста вслух',
      preparationDuration: 120,
      duration: 120,
      text:
        '<p><strong>Замените этот абзац текстом для выразительного чтения</strong>; по этому же ' +
        'тексту ученик выполняет задание 2.</p>' +
        '<p>Ученику: подготовьтесь и прочитайте текст вслух выразительно, следя за интонацией и темпом.</p>',
      criteria: [
        { name: 'ИЧ. Интонация', maxPoints: 1 },
        { name: 'ТЧ. Темп чтения', maxPoints: 1 },
      ],
    },
    {
      name: 'Собеседование 2. Пересказ с высказыванием',
      preparationDuration: 120,
      duration: 180,
      text:
        '<p><strong>Впишите высказывание</strong>, которое ученик должен включить в пересказ текста ' +
        'задания 1, и назовите его автора.</p>' +
        '<p>Ученику: подробно перескажите прочитанный текст и к месту включите в пересказ это ' +
        'высказывание.</p>',
      criteria: [
        { name: 'П1. Микротемы текста сохранены', maxPoints: 2 },
        { name: 'П2. Фактическая точность', maxPoints: 1 },
        { name: 'П3. Высказывание включено уместно', maxPoints: 1 },
        { name: 'П4. Способы цитирования', maxPoints: 1 },
        { name: 'Г. Грамматические нормы (задания 1–2)', maxPoints: 1 },
        { name: 'О. Орфоэпические нормы (задания 1–2)', maxPoints: 1 },
        { name: 'Р. Речевые нормы (задания 1–2)', maxPoints: 1 },
        { name: 'И. Искажения слов (задания 1–2)', maxPoints: 1 },
      ],
    },
    {
      name: 'Собеседование 3. Монолог',
      preparationDuration: 60,
      duration: 180,
      text:
        '<p><strong>Впишите три темы на выбор с планом к каждой</strong>: описание фотографии ' +
        '(добавьте ее файлом задания), рассказ из жизненного опыта и рассуждение над вопросом.</p>' +
        '<p>Ученику: выберите одну тему и расскажите о ней по плану.</p>',
      criteria: [
        { name: 'М1. Коммуникативная задача решена', maxPoints: 1 },
        { name: 'М2. Учтены условия речевой ситуации', maxPoints: 1 },
        { name: 'М3. Связность и последовательность', maxPoints: 1 },
        { name: 'Г. Грамматические нормы (задания 3–4)', maxPoints: 1 },
        { name: 'О. Орфоэпические нормы (задания 3–4)', maxPoints: 1 },
        { name: 'Р. Речевые нормы (задания 3–4)', maxPoints: 1 },
        { name: 'РО. Речевое оформление (задания 3–4)', maxPoints: 1 },
      ],
    },
    withQuestions({
      name: 'Собеседование 4. Диалог',
      preparationDuration: 0,
      text:
        '<p><strong>Прикрепите к каждому вопросу аудиозапись</strong> вопроса собеседника по теме ' +
        'монолога.</p>' +
        '<p>Ученику: выслушайте вопрос и ответьте на него полно.</p>',
      questions: questions(3, 60),
      criteria: [
        { name: 'Д1. Ответы на вопросы', maxPoints: 1 },
        { name: 'Д2. Учтены условия речевой ситуации', maxPoints: 1 },
      ],
    }),
  ],
};

/** In the order the list shows them. */
export const TEMPLATES: readonly TemplateData[] = [egeEnglish, ogeEnglish, finalInterview];
