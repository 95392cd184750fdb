// Every report of the product, declared once (defineReport) in the files imported here. The PF, ESI, PT and LWF
// registers of the statutory issue add a file under registers/ and a line here, with their menus in MENU
// (registerPf…) and the Registers module of the menu seed.
import '../attendance/reports';
import './registers/attendance';
import './registers/bonus';
import './registers/employees';
import './registers/leave';
import './registers/loans';
import './registers/wages';
