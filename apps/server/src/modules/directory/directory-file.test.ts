import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { MAX_SYNC_ROWS } from '@rewards/shared/directory';
import { errorMessages } from '@rewards/shared/errors';
import { AppError } from '../../lib/app-error.ts';
import { SCAN_ROWS } from '../../lib/sheet-rows.ts';
import { readDirectoryFile } from './directory-file.ts';

/**
 * The directory sync's file (docs/architecture.md A6.18, decision 0050): what HR systems and office Excel
 * write, in Spanish or English, read as such (titles and blank rows above the header, the columns in any
 * order and some of them missing, encodings and separators, a workbook's sheets and date cells), each row
 * with the number a spreadsheet shows for it; a file that is not a list of people answered with a stable code.
 */

async function xlsx(build: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  build(wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The AppError `readDirectoryFile` fails with. */
async function failure(data: Buffer): Promise<AppError> {
  const err = await readDirectoryFile(data).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('CSV', () => {
  it("reads a Spanish Excel CSV (Windows-1252, ';', CRLF): a title and a blank row above, every column, blank rows counted", async () => {
    // 0x96 is Windows-1252's en dash: not UTF-8, so the file is read as Windows-1252.
    const text =
      'Directorio de empleados \x96 marzo 2026;;;;;;;;;;\r\n' +
      ';;;;;;;;;;\r\n' +
      'Número de empleado;Nombre(s);Apellido(s);Correo electrónico;Oficina;Área;Correo del jefe;Activo;Fecha de ingreso;Cumpleaños;Notas\r\n' +
      'E-001;José;Núñez Peña;jose.nunez@empresa.test;Toluca;Diseño;;Sí;15/01/2020;14/05;\r\n' +
      ' E-002 ;  María  ;Ibáñez;MARIA.IBANEZ@empresa.test ;Toluca;Ventas;jose.nunez@empresa.test;No;;;\r\n' +
      ';;;;;;;;;;\r\n' +
      ';;;;;;;;;;solo una nota\r\n' +
      ';Íñigo;;;Querétaro;;;;;;\r\n';
    expect(await readDirectoryFile(Buffer.from(text, 'latin1'))).toEqual({
      format: 'csv',
      sheet: null,
      columns: {
        is: 'Número de empleado',
        name: 'Nombre(s)',
        lastName: 'Apellido(s)',
        email: 'Correo electrónico',
        office: 'Oficina',
        department: 'Área',
        manager: 'Correo del jefe',
        active: 'Activo',
        hireDate: 'Fecha de ingreso',
        birthday: 'Cumpleaños',
      },
      rows: [
        {
          row: 4,
          cells: {
            is: 'E-001',
            name: 'José',
            lastName: 'Núñez Peña',
            email: 'jose.nunez@empresa.test',
            office: 'Toluca',
            department: 'Diseño',
            manager: '',
            active: 'Sí',
            hireDate: '15/01/2020',
            birthday: '14/05',
          },
        },
        {
          row: 5,
          cells: {
            is: 'E-002',
            name: 'María',
            lastName: 'Ibáñez',
            email: 'MARIA.IBANEZ@empresa.test',
            office: 'Toluca',
            department: 'Ventas',
            manager: 'jose.nunez@empresa.test',
            active: 'No',
            hireDate: '',
            birthday: '',
          },
        },
        // Row 6 is blank and row 7 has only a column not read: neither is a row, both are counted.
        {
          row: 8,
          cells: {
            is: '',
            name: 'Íñigo',
            lastName: '',
            email: '',
            office: 'Querétaro',
            department: '',
            manager: '',
            active: '',
            hireDate: '',
            birthday: '',
          },
        },
      ],
    });
  });

  it('reads UTF-8 with a byte order mark, English headers, commas and quoted fields; a quoted line break is one row', async () => {
    const text =
      'External ID,Email,First name,Last name,Employee ID,Location,Department,Manager,Status,Hire date,Date of birth\n' +
      'a1b2,ana@empresa.test,Ana,"O\'Neil, Jr.",1001,Toluca,Sales,,active,2020-01-15,1990-05-14\n' +
      '\n' +
      'c3d4,bea@empresa.test,"Bea\nBeatriz",Ruiz,1002,"Ciudad de México",R&D,ana@empresa.test,inactive,,\n' +
      'e5f6,zoë@empresa.test,Zoë,Çelik,1003,Toluca,,ana@empresa.test,active,,\n';
    const file = await readDirectoryFile(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]));
    expect(file.columns).toEqual({
      externalId: 'External ID',
      email: 'Email',
      name: 'First name',
      lastName: 'Last name',
      is: 'Employee ID',
      office: 'Location',
      department: 'Department',
      manager: 'Manager',
      active: 'Status',
      hireDate: 'Hire date',
      birthday: 'Date of birth',
    });
    expect(file.rows.map((r) => r.row)).toEqual([2, 4, 5]);
    expect(file.rows[0]!.cells).toMatchObject({ externalId: 'a1b2', lastName: "O'Neil, Jr.", is: '1001', birthday: '1990-05-14' });
    expect(file.rows[1]!.cells).toMatchObject({
      name: 'Bea\nBeatriz',
      office: 'Ciudad de México',
      manager: 'ana@empresa.test',
      active: 'inactive',
    });
    expect(file.rows[2]!.cells).toMatchObject({ email: 'zoë@empresa.test', name: 'Zoë', lastName: 'Çelik' });
  });

  it('reads Latin-1 with tabs, and the other names of each column', async () => {
    const text =
      'Legajo\tNombre\tApellidos\tE-mail\tSede\tDepartamento\tSupervisor\tEstado\tFecha de alta\tFecha de nacimiento\tId externo\r\n' +
      '77\tRenée\tMuñoz\trenee@empresa.test\tMonterrey\tCompras\tjefa@empresa.test\tActivo\t2019-03-01\t1985-12-31\tx-9\r\n';
    const file = await readDirectoryFile(Buffer.from(text, 'latin1'));
    expect(file.columns).toEqual({
      is: 'Legajo',
      name: 'Nombre',
      lastName: 'Apellidos',
      email: 'E-mail',
      office: 'Sede',
      department: 'Departamento',
      manager: 'Supervisor',
      active: 'Estado',
      hireDate: 'Fecha de alta',
      birthday: 'Fecha de nacimiento',
      externalId: 'Id externo',
    });
    expect(file.rows).toEqual([
      {
        row: 2,
        cells: {
          is: '77',
          name: 'Renée',
          lastName: 'Muñoz',
          email: 'renee@empresa.test',
          office: 'Monterrey',
          department: 'Compras',
          manager: 'jefa@empresa.test',
          active: 'Activo',
          hireDate: '2019-03-01',
          birthday: '1985-12-31',
          externalId: 'x-9',
        },
      },
    ]);

    const english = await readDirectoryFile(
      Buffer.from('IS;Given name;Surname;E-mail address;Site;Employee number;Responsable\n1;Al;Bo;al@empresa.test;Toluca;;\n'),
    );
    expect(english.columns).toEqual({
      is: 'IS',
      name: 'Given name',
      lastName: 'Surname',
      email: 'E-mail address',
      office: 'Site',
      manager: 'Responsable',
    });
  });

  it("takes the manager's e-mail column for the manager, never for the person's e-mail, wherever it stands", async () => {
    // Both read as e-mail headers of the same score; the manager's comes first.
    const english = await readDirectoryFile(
      Buffer.from('Manager e-mail,Work e-mail,Name,Office\nboss@empresa.test,ana@empresa.test,Ana,Toluca\n'),
    );
    expect(english.columns).toEqual({ manager: 'Manager e-mail', email: 'Work e-mail', name: 'Name', office: 'Office' });
    expect(english.rows[0]!.cells).toEqual({ manager: 'boss@empresa.test', email: 'ana@empresa.test', name: 'Ana', office: 'Toluca' });

    // The manager's e-mail over a column that only names the manager or something else of theirs.
    const spanish = await readDirectoryFile(
      Buffer.from('Nombre del jefe;Jefe directo;Correo del jefe;Correo;Nombre\nAna;Ana Ruiz;ana@empresa.test;bea@empresa.test;Bea\n'),
    );
    expect(spanish.columns).toEqual({ manager: 'Correo del jefe', email: 'Correo', name: 'Nombre' });
    expect(spanish.rows[0]!.cells).toEqual({ manager: 'ana@empresa.test', email: 'bea@empresa.test', name: 'Bea' });

    // A file whose only e-mail column is the manager's has no header.
    const onlyManager = await failure(Buffer.from('Manager e-mail,Name,Office\nboss@empresa.test,Ana,Toluca\n'));
    expect(onlyManager).toMatchObject({ code: 'DIRECTORY_FILE_NO_COLUMNS', statusCode: 422, details: { rows: SCAN_ROWS } });
  });

  it('leaves out the columns the file does not have, and prefers a first name to a full name', async () => {
    const nameOnly = await readDirectoryFile(Buffer.from('Correo,Nombre\nana@empresa.test,Ana\n,\nbea@empresa.test,\n'));
    expect(nameOnly).toEqual({
      format: 'csv',
      sheet: null,
      columns: { email: 'Correo', name: 'Nombre' },
      rows: [
        { row: 2, cells: { email: 'ana@empresa.test', name: 'Ana' } },
        { row: 4, cells: { email: 'bea@empresa.test', name: '' } },
      ],
    });

    const officeOnly = await readDirectoryFile(Buffer.from('Email;Office\nana@empresa.test;Toluca\n'));
    expect(officeOnly.columns).toEqual({ email: 'Email', office: 'Office' });
    expect(officeOnly.rows).toEqual([{ row: 2, cells: { email: 'ana@empresa.test', office: 'Toluca' } }]);

    const fullName = await readDirectoryFile(Buffer.from('Full name,Email,First name\nAna Ruiz,ana@empresa.test,Ana\n'));
    expect(fullName.columns).toEqual({ email: 'Email', name: 'First name' });
    const onlyFullName = await readDirectoryFile(Buffer.from('Nombre completo,Correo\nAna Ruiz,ana@empresa.test\n'));
    expect(onlyFullName.columns).toEqual({ name: 'Nombre completo', email: 'Correo' });
  });
});

describe('XLSX', () => {
  it('reads the first sheet with a header: a title above it, date cells as days, numbers and text as written', async () => {
    const data = await xlsx((wb) => {
      wb.addWorksheet('Instrucciones').addRow(['Llena la hoja Empleados y súbela sin cambiar los encabezados.']);
      const sheet = wb.addWorksheet('Empleados');
      sheet.getCell('A1').value = 'Plantilla de personal';
      sheet.getRow(3).values = ['Correo', 'Nombre', 'Apellidos', 'IS', 'Oficina', 'Fecha de ingreso', 'Cumpleaños', 'Activo'];
      sheet.getRow(4).values = [
        'ana@empresa.test',
        'Ana',
        { richText: [{ text: 'Ruiz ', font: { bold: true } }, { text: 'Peña' }] },
        1001,
        'Toluca',
        new Date(Date.UTC(2020, 0, 15)),
        new Date(Date.UTC(1990, 4, 14)),
        true,
      ];
      sheet.getRow(7).values = [
        { text: 'bea@empresa.test', hyperlink: 'mailto:bea@empresa.test' },
        'Bea',
        null,
        { formula: '1000+2', result: 1002 },
        'Toluca',
        '2021-03-01',
        '14/05',
        false,
      ];
      wb.addWorksheet('Bajas').addRows([
        ['Correo', 'Nombre', 'Oficina'],
        ['carlos@empresa.test', 'Carlos', 'Toluca'],
      ]);
    });
    expect(await readDirectoryFile(data)).toEqual({
      format: 'xlsx',
      sheet: 'Empleados',
      columns: {
        email: 'Correo',
        name: 'Nombre',
        lastName: 'Apellidos',
        is: 'IS',
        office: 'Oficina',
        hireDate: 'Fecha de ingreso',
        birthday: 'Cumpleaños',
        active: 'Activo',
      },
      rows: [
        {
          row: 4,
          cells: {
            email: 'ana@empresa.test',
            name: 'Ana',
            lastName: 'Ruiz Peña',
            is: '1001',
            office: 'Toluca',
            hireDate: '2020-01-15',
            birthday: '1990-05-14',
            active: 'true',
          },
        },
        {
          row: 7,
          cells: {
            email: 'bea@empresa.test',
            name: 'Bea',
            lastName: '',
            is: '1002',
            office: 'Toluca',
            hireDate: '2021-03-01',
            birthday: '14/05',
            active: 'false',
          },
        },
      ],
    });
  });

  it('reads the first sheet by position when it has a header, not a later one', async () => {
    const data = await xlsx((wb) => {
      wb.addWorksheet('Personas').addRows([
        ['Email', 'Name', 'Office'],
        ['ana@empresa.test', 'Ana', 'Toluca'],
      ]);
      wb.addWorksheet('Oficinas').addRows([
        ['Email', 'Name', 'Office'],
        ['toluca@empresa.test', 'Toluca', 'Toluca'],
      ]);
    });
    expect(await readDirectoryFile(data)).toMatchObject({
      sheet: 'Personas',
      rows: [{ row: 2, cells: { email: 'ana@empresa.test', name: 'Ana', office: 'Toluca' } }],
    });
  });
});

describe('refusals', () => {
  it('answers DIRECTORY_FILE_NO_COLUMNS without an e-mail header, without a name or office beside it, or below the first rows', async () => {
    const cases = {
      'no e-mail': 'Nombre;Oficina\nAna;Toluca\n',
      'no name or office': 'Correo;Departamento;Apellidos\nana@empresa.test;Ventas;Ruiz\n',
      'a bare list': 'ana@empresa.test;Ana;Toluca\n',
      'too far down': `${'Reporte;;\n'.repeat(SCAN_ROWS)}Correo;Nombre;Oficina\nana@empresa.test;Ana;Toluca\n`,
    };
    for (const [name, text] of Object.entries(cases)) {
      const err = await failure(Buffer.from(text));
      expect({ name, code: err.code, status: err.statusCode, details: err.details }).toEqual({
        name,
        code: 'DIRECTORY_FILE_NO_COLUMNS',
        status: 422,
        details: { rows: SCAN_ROWS },
      });
    }
    // The last row that can still be the header.
    const lastChance = `${'Reporte;;\n'.repeat(SCAN_ROWS - 1)}Correo;Nombre;Oficina\nana@empresa.test;Ana;Toluca\n`;
    expect((await readDirectoryFile(Buffer.from(lastChance))).rows).toEqual([
      { row: SCAN_ROWS + 1, cells: { email: 'ana@empresa.test', name: 'Ana', office: 'Toluca' } },
    ]);
    expect(errorMessages.DIRECTORY_FILE_NO_COLUMNS.es).toContain('{{rows}}');
    expect(errorMessages.DIRECTORY_FILE_NO_COLUMNS.en).toContain('{{rows}}');
  });

  it('answers LOAD_FILE_EMPTY for a header with no rows below, blank lines or nothing at all', async () => {
    for (const data of [
      Buffer.from('Correo;Nombre;Oficina\n;;\n\n'),
      Buffer.from('\n\n  \n'),
      Buffer.alloc(0),
      await xlsx((wb) => wb.addWorksheet('Hoja1').addRow(['Email', 'Name', 'Office'])),
    ])
      expect(await failure(data)).toMatchObject({ code: 'LOAD_FILE_EMPTY', statusCode: 422 });
  });

  it('reads MAX_SYNC_ROWS rows and refuses one more with LOAD_TOO_MANY_EMAILS', async () => {
    const file = (n: number) => {
      const lines = ['Correo,Nombre,Oficina'];
      for (let i = 0; i < n; i++) lines.push(`p${i}@empresa.test,P ${i},Toluca`);
      return Buffer.from(lines.join('\n'));
    };
    const full = await readDirectoryFile(file(MAX_SYNC_ROWS));
    expect(full.rows.length).toBe(MAX_SYNC_ROWS);
    expect(full.rows.at(-1)).toEqual({
      row: MAX_SYNC_ROWS + 1,
      cells: { email: `p${MAX_SYNC_ROWS - 1}@empresa.test`, name: `P ${MAX_SYNC_ROWS - 1}`, office: 'Toluca' },
    });
    expect(await failure(file(MAX_SYNC_ROWS + 1))).toMatchObject({
      code: 'LOAD_TOO_MANY_EMAILS',
      statusCode: 422,
      details: { max: MAX_SYNC_ROWS },
    });
  });
});

describe('size', () => {
  it('reads a 50,000-row HR export in under 1.5 s', async () => {
    const lines = ['email,name,last name,IS,office,department,manager e-mail,active,hire date'];
    for (let i = 0; i < 50_000; i++)
      lines.push(
        `p${i}@empresa.test,Persona ${i},Apellido ${i},E${i},Oficina ${i % 40},Ventas,p${i >> 3}@empresa.test,true,2020-01-${String((i % 28) + 1).padStart(2, '0')}`,
      );
    const data = Buffer.from(lines.join('\r\n'));
    // The better of two reads, so that a moment's load on the machine is not taken for a slow reader.
    const timed = async () => {
      const started = performance.now();
      const file = await readDirectoryFile(data);
      return { file, ms: performance.now() - started };
    };
    const first = await timed();
    const { file, ms } = await timed();
    expect(first.file.rows.length).toBe(50_000);
    expect(file.rows.length).toBe(50_000);
    expect(file.rows[49_999]).toEqual({
      row: 50_001,
      cells: {
        email: 'p49999@empresa.test',
        name: 'Persona 49999',
        lastName: 'Apellido 49999',
        is: 'E49999',
        office: 'Oficina 39',
        department: 'Ventas',
        manager: 'p6249@empresa.test',
        active: 'true',
        hireDate: '2020-01-20',
      },
    });
    expect(Math.min(first.ms, ms)).toBeLessThan(1500);
  });
});
