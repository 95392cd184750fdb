// Every report of the product, declared once (defineReport) in the files imported here (the statutory registers:
// pf, esi, pt and lwf, with their menus registerPf… in MENU and the Registers module of the menu seed).
import './attendance';
import './registers/attendance';
import './registers/bonus';
import './registers/employees';
import './registers/esi';
import './registers/form24q';
import './registers/leave';
import './registers/loans';
import './registers/lwf';
import './registers/pf';
import './registers/pt';
import './registers/wages';
